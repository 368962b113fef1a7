import { isIP } from 'node:net';

// Checks of the configuration that say what is wrong in a sentence an operator can act on.

/**
 * TRUST_PROXY: which X-Forwarded-For hops to believe for the client address. Unset → none (the
 * socket's address). A number → that many proxies in front; a list → those proxy addresses or
 * CIDR ranges. `true` is refused: it would take whatever address a client writes in the header.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') {
    throw new Error(
      'Invalid configuration: TRUST_PROXY=true would believe any X-Forwarded-For a client writes; ' +
        'set the number of proxies in front of the server (e.g. TRUST_PROXY=1) or their addresses.',
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isIP(entry.split('/')[0]));
  if (bad.length) {
    throw new Error(
      `Invalid configuration: TRUST_PROXY must be a hop count or a list of addresses; ${bad.join(', ')} is not one.`,
    );
  }
  return entries;
}

interface Providers {
  appUrl?: string;
  telephony: string;
  billing: string;
  mail: string;
}

/**
 * Production serves real customers: it never falls back to a sandbox by accident. Answers what is
 * missing (empty when nothing is); ALLOW_SANDBOX=true lets a demo run in production mode anyway.
 */
export function productionProblems(p: Providers): string[] {
  const missing: string[] = [];
  if (p.billing !== 'stripe') {
    missing.push('real billing (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID)');
  }
  if (p.telephony !== 'twilio') missing.push('real telephony (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN)');
  if (p.mail !== 'smtp') missing.push('real mail (SMTP_URL)');
  if (!p.appUrl?.startsWith('https://')) missing.push('an https APP_URL');
  return missing;
}
