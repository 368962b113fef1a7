import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SandboxBillingProvider } from '../billing/provider';
import type { Config } from '../config';

const SESSION_SECONDS = 60 * 60;
type Kind = 'checkout' | 'portal';

// Ids of sandbox checkout and portal pages are `<user id>.<expiry>.<hmac>`: signed and
// short-lived, so no session table is needed, and short enough for a URL path segment.
const mac = (secret: string, kind: Kind, payload: string) =>
  createHmac('sha256', secret).update(`sandbox-${kind}:${payload}`).digest('base64url').slice(0, 22);

function sessionId(secret: string, kind: Kind, userId: string): string {
  const payload = `${userId}.${Math.floor(Date.now() / 1000) + SESSION_SECONDS}`;
  return `${payload}.${mac(secret, kind, payload)}`;
}

// The account a sandbox checkout or portal id belongs to, or null if forged or expired.
export function sandboxSessionUser(secret: string, id: string, kind: Kind): string | null {
  const [userId, expiry, signature] = id.split('.');
  if (!userId || !expiry || !signature) return null;
  const expected = Buffer.from(mac(secret, kind, `${userId}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expiry) * 1000 > Date.now() ? userId : null;
}

// Embedded billing: the checkout and portal "hosted pages" are our own /api/sandbox pages.
export function sandboxBilling(config: Pick<Config, 'appUrl' | 'jwtSecret'>): SandboxBillingProvider {
  return {
    name: 'sandbox',
    async createCheckoutSession(customer) {
      return {
        url: `${config.appUrl}/api/sandbox/checkout/${sessionId(config.jwtSecret, 'checkout', customer.userId)}`,
        customerId: customer.customerId ?? `sandbox_cus_${customer.userId}`,
      };
    },
    async createPortalSession(customer) {
      return {
        url: `${config.appUrl}/api/sandbox/portal/${sessionId(config.jwtSecret, 'portal', customer.userId)}`,
      };
    },
    // The sandbox writes subscriptions itself when its checkout page is submitted.
    latestSubscription: async () => null,
    // Nothing to charge: usage_months.billed_cents already records what was invoiced.
    addUsageCharge: async () => {},
    invoicePendingCharges: async () => {},
  };
}
