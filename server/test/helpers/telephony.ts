import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { users } from '../../src/db/schema';
import { sandboxWebhookSecret } from '../../src/providers/from-config';
import type { TestContext } from './app';
import { signUpAndLogin, type TestUser } from './auth';
import { startTrial } from './billing';

export interface Subscriber extends TestUser {
  id: string;
}

// A signed-up user; in a 14-day trial unless `subscribed` is false, started through the sandbox's
// checkout with a fresh card as a user would (its subscription, trial and card are the product's own).
export async function newUser(ctx: TestContext, { subscribed = true } = {}): Promise<Subscriber> {
  const user = await signUpAndLogin(ctx.app);
  const [row] = await ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  if (subscribed) {
    // Stripe's checkout is the fake's to complete: a billing driver's subscriber() does that.
    if (ctx.deps.billing.name !== 'sandbox') throw new Error('newUser subscribes through the sandbox only');
    await startTrial(ctx.app, user);
  }
  return { ...user, id: row.id };
}

/** Buys `number` for the user and forwards it, through the API. */
export async function giveNumber(ctx: TestContext, user: TestUser, number: string, forwarding?: string) {
  const bought = await ctx.app.inject({
    method: 'POST',
    url: '/api/twilio/purchase-number',
    headers: user.headers,
    payload: { twilio_number: number },
  });
  if (bought.statusCode !== 200) throw new Error(`purchase failed: ${bought.body}`);
  if (!forwarding) return;
  const configured = await ctx.app.inject({
    method: 'POST',
    url: '/api/twilio/number-configuration',
    headers: user.headers,
    payload: { twilio_number: number, forwarding_number: forwarding },
  });
  if (configured.statusCode !== 200) throw new Error(`configuration failed: ${configured.body}`);
}

/** Posts a Twilio webhook form, signed as Twilio would over APP_URL + path (sandbox secret by default). */
export function postWebhook(
  ctx: TestContext,
  path: string,
  params: Record<string, string>,
  secret = sandboxWebhookSecret(ctx.deps.config.jwtSecret),
) {
  const signature = twilio.getExpectedTwilioSignature(secret, ctx.deps.config.appUrl + path, params);
  return ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams(params).toString(),
  });
}

/** A status report of the leg that rings the owner for an inbound call (Twilio's <Number statusCallback>). */
export function forwardLegReport(
  ctx: TestContext,
  call: { sid: string; number: string; caller?: string },
  status: string,
  duration?: number,
) {
  const caller = call.caller ?? '+12125550111';
  const query = new URLSearchParams({ leg: 'forward', caller, number: call.number });
  return postWebhook(ctx, `/api/twilio/status?${query}`, {
    CallSid: `${call.sid}-leg`,
    ParentCallSid: call.sid,
    CallStatus: status,
    Direction: 'outbound-dial',
    From: caller,
    To: '+15555550100',
    ...(duration === undefined ? {} : { CallDuration: String(duration) }),
  });
}
