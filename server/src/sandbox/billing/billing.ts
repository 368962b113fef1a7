import type { SandboxBillingProvider } from '../../providers/billing/provider';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { SandboxStripe } from './stripe/api';
import { clockNow } from './stripe/context';
import { SANDBOX_PRICE } from './stripe/objects';
import { stripeAdapter } from '../../providers/billing/stripe/billing';

// Embedded billing: the same provider code as with Stripe, talking to the sandbox's own Stripe,
// whose hosted checkout and portal are our /api/sandbox pages.
export function sandboxBilling(config: Pick<Config, 'appUrl'>, db: Db): SandboxBillingProvider {
  const sandbox = new SandboxStripe(db, config.appUrl);
  return {
    name: 'sandbox',
    sandbox,
    ...stripeAdapter(sandbox, {
      priceId: SANDBOX_PRICE.id,
      appUrl: config.appUrl,
      production: false,
      liveKey: false,
    }),
    // Each sandbox customer has a clock of its own (POST /api/sandbox/clock), a test clock or not.
    customerNow: async (customerId) => clockNow(await sandbox.customers.retrieve(customerId)),
  };
}
