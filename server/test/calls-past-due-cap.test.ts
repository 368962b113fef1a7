import { eq } from 'drizzle-orm';
import { INCLUDED_MINUTES } from '../../rules/plan';
import { subscriptions } from '../src/db/schema';
import { stripeDriver, type BillingDriver } from './billing/driver';
import { minutesUsed } from './helpers/dashboard';
import { CHARGES_FAIL_CARD } from './helpers/billing';
import { forwardLegReport, giveNumber, newUser, postWebhook } from './helpers/telephony';
import { parseTwiml, verbsOf } from './helpers/twiml';

// While a renewal fails (past_due) no usage is charged, so minutes beyond the month's included ones
// are not given: inbound calls are turned away as for no service, click-to-call answers 402.
let d: BillingDriver;
beforeAll(async () => {
  d = await stripeDriver();
});
afterAll(() => d.close());

const NUMBER = '+13125550170';
const PHONE = '+13125559870';

it('caps inbound and outbound minutes at the included ones while a payment is failing', async () => {
  const user = await newUser(d.ctx, { subscribed: false });
  await (await d.openCheckout(user)).complete();
  await d.advanceDays(user, 15); // the trial ends and the year is paid
  await giveNumber(d.ctx, user, NUMBER, PHONE);
  expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
  await d.advanceDays(user, 366); // the renewal's payment fails, and is being retried
  const [sub] = await d.ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  expect(sub.status).toBe('past_due');

  const voice = () =>
    postWebhook(d.ctx, '/api/twilio/voice', { CallSid: 'CApastdue', From: '+12125550111', To: NUMBER });
  const callOut = () =>
    d.ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/create-call',
      headers: user.headers,
      payload: { from_number: NUMBER, forwarding_number: PHONE, recipient: '+12025550143' },
    });
  // Within the included minutes, calls still go through, each ending at the cap.
  const [dial] = parseTwiml((await voice()).body).children;
  expect([dial.name, dial.attributes.timeLimit]).toEqual(['Dial', String(INCLUDED_MINUTES * 60)]);
  const call = { sid: 'CApastdue1', number: NUMBER };
  await forwardLegReport(d.ctx, call, 'ringing');
  await forwardLegReport(d.ctx, call, 'completed', INCLUDED_MINUTES * 60);
  expect(await minutesUsed(d.ctx, user)).toBe(INCLUDED_MINUTES);

  expect(verbsOf((await voice()).body)).toEqual(['Reject']);
  const refused = await callOut();
  expect(refused.statusCode).toBe(402);
  expect(refused.json()).toEqual({
    error: 'past_due_minutes_used',
    message: `Your last payment failed, so calls stop at the ${INCLUDED_MINUTES} minutes your plan includes this month. Update your card in billing to call again.`,
  });
});
