import { billingBehaviour } from './billing/behaviour';
import { stripeDriver } from './billing/driver';

// The same cases with the Stripe provider and SDK against FakeStripe, whose events come as signed
// webhooks, each twice and out of order.
billingBehaviour(stripeDriver);
