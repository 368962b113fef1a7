import { billingBehaviour } from './billing/behaviour';
import { sandboxDriver } from './billing/driver';

// The behaviour cases with the embedded sandbox playing Stripe (its pages, test clock and invoices list).
billingBehaviour(sandboxDriver);
