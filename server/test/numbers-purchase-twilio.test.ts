import { eq } from 'drizzle-orm';
import { phoneNumbers } from '../src/db/schema';
import { reconcileNumbers } from '../src/numbers/reconcile';
import { TwilioTelephony } from '../src/providers/telephony/twilio';
import type { TestContext } from './helpers/app';
import { ACCOUNT, FAILED_SALE, held, requestsTo, SLOW_SALE, TOKEN } from './helpers/fake-twilio';
import { newUser } from './helpers/telephony';
import { createTwilioTestApp } from './helpers/twilio-app';

// A purchase whose answer from Twilio never comes (the SDK gives up) or is a 5xx, though Twilio
// sold us the number: the account keeps both its reservation and the number, nothing is orphaned.

let ctx: TestContext;
beforeAll(async () => {
  // The SDK gives up long before the fake's slow sale answers, and never on a busy machine's other
  // requests (the list asked after the timeout must answer for the number to be kept).
  ctx = await createTwilioTestApp(() => ({ telephony: new TwilioTelephony(ACCOUNT, TOKEN, 3000) }));
});
afterAll(() => ctx.close());

const purchase = (user: { headers: Record<string, string> }, number: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/twilio/purchase-number',
    headers: user.headers,
    payload: { twilio_number: number },
  });
const heldAtTwilio = (number: string) => [...held.values()].filter((n) => n.phoneNumber === number);

it.each([
  ['times out', SLOW_SALE],
  ['is answered with a 500', FAILED_SALE],
])('asks Twilio, and keeps the number Twilio sold, when the purchase %s', async (_, number) => {
  const user = await newUser(ctx);
  const res = await purchase(user, number);
  expect(res.statusCode).toBe(200);
  expect(res.json().phone_number.phone_number).toBe(number);
  // Twilio's own list was asked for that number.
  expect(
    requestsTo('/IncomingPhoneNumbers.json').some(
      (r) => r.method === 'GET' && r.query.PhoneNumber === number,
    ),
  ).toBe(true);
  const [row] = await ctx.deps.db.select().from(phoneNumbers).where(eq(phoneNumbers.phoneNumber, number));
  expect(row.providerSid).toBe(heldAtTwilio(number)[0].sid);
  // The hourly reconcile finds nothing to release: the number is the account's.
  await expect(reconcileNumbers(ctx.deps)).resolves.toMatchObject({ released: 0 });
  expect(heldAtTwilio(number)).toHaveLength(1);
  // Buying again answers the same number, without a second purchase at Twilio.
  expect((await purchase(user, number)).statusCode).toBe(200);
  expect(heldAtTwilio(number)).toHaveLength(1);
});
