import { eq } from 'drizzle-orm';
import { usageCharges } from '../src/db/schema';
import { runBillingTasks } from '../src/billing/work';
import { smtpMailer } from '../src/providers/mail/smtp';
import { createTestApp, type TestContext } from './helpers/app';
import { advanceClock, payNow, startTrial } from './helpers/billing';
import { readOutbox } from './helpers/outbox';
import { forwardLegReport, giveNumber, newUser, type Subscriber } from './helpers/telephony';

// Usage emails at 80 % and 100 % of the month's included minutes: on by default, at most once a
// month each, and a switch in settings (GET/PUT /api/billing/usage-emails).

let ctx: TestContext;
// While true, mail goes to an SMTP server that is down (nothing listens there); otherwise to the outbox.
let smtpDown = false;
beforeAll(async () => {
  ctx = await createTestApp({
    deps: (_config, base) => {
      const down = smtpMailer('smtp://127.0.0.1:1', 'billing@forwardly.test');
      return { mailer: { send: (message) => (smtpDown ? down : base.mailer).send(message) } };
    },
  });
});
afterAll(() => ctx.close());

let n = 0;
async function caller() {
  const user = await newUser(ctx);
  await payNow(ctx.app, user);
  const number = `+1503555${String(1000 + n++)}`;
  await giveNumber(ctx, user, number, '+16505550123');
  return { user, number };
}
// The end of an inbound call's leg to the owner's phone, as Twilio reports it, and the billing work it
// leaves for after the answer.
async function call(number: string, minutes: number) {
  await forwardLegReport(ctx, { sid: `CAmail${n++}`, number }, 'completed', minutes * 60);
  await runBillingTasks(ctx.deps, ctx.app.log);
}
// The usage emails the user got (not the account's other mail: its welcome, receipts...).
const subjects = (user: Subscriber) =>
  readOutbox(ctx.deps.config.dataDir)
    .filter((m) => m.to === user.email && m.subject.includes('included minutes'))
    .map((m) => m.subject);
// Reads the switch, or sets it (to a string as well, to see it refused).
const setting = (user: Subscriber, enabled?: boolean | string) =>
  ctx.app.inject({
    method: enabled === undefined ? 'GET' : 'PUT',
    url: '/api/billing/usage-emails',
    headers: user.headers,
    payload: enabled === undefined ? undefined : { enabled },
  });

it('mails once at 80 % and once at 100 % of the included minutes, by default', async () => {
  const { user, number } = await caller();
  expect((await setting(user)).json()).toEqual({ enabled: true });
  await call(number, 79);
  expect(subjects(user)).toEqual([]);
  await call(number, 1);
  await call(number, 5);
  const month = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  expect(subjects(user)).toEqual([`You have used 80% of your included minutes for ${month}`]);
  await call(number, 15);
  await call(number, 30);
  expect(subjects(user)).toEqual([
    `You have used 80% of your included minutes for ${month}`,
    `You have used your 100 included minutes for ${month}`,
  ]);
  const mail = readOutbox(ctx.deps.config.dataDir).findLast((m) => m.to === user.email)!;
  expect(mail.text).toContain('You have used 100 of the 100 minutes included this month');
  expect(mail.links).toContain('http://localhost:3000/settings');
});

it('sends nothing while the switch is off', async () => {
  const { user, number } = await caller();
  expect((await setting(user, false)).json()).toEqual({ enabled: false });
  expect((await setting(user)).json()).toEqual({ enabled: false });
  await call(number, 120);
  expect(subjects(user)).toEqual([]);
  await setting(user, true);
  await call(number, 1);
  expect(subjects(user)).toEqual([expect.stringContaining('used your 100 included minutes')]);
});

it('charges the extra minutes at $10 while the mail server is down; the email goes with a later call', async () => {
  const user = await newUser(ctx, { subscribed: false });
  await startTrial(ctx.app, user);
  await advanceClock(ctx.app, user, 15);
  const number = `+1503555${String(1000 + n++)}`;
  await giveNumber(ctx, user, number, '+16505550123');
  smtpDown = true;
  await call(number, 601);
  smtpDown = false;
  const charges = await ctx.deps.db.select().from(usageCharges).where(eq(usageCharges.userId, user.id));
  expect(charges).toEqual([expect.objectContaining({ amountCents: 1002, invoiceId: expect.any(String) })]);
  const usageEmails = () => subjects(user).filter((s) => s.includes('included minutes'));
  expect(usageEmails()).toEqual([]);
  await call(number, 1);
  expect(usageEmails()).toEqual([expect.stringContaining('used your 100 included minutes')]);
});

it('validates the switch and needs a signed-in user', async () => {
  const { user } = await caller();
  expect((await setting(user, 'yes')).statusCode).toBe(400);
  expect((await ctx.app.inject({ method: 'GET', url: '/api/billing/usage-emails' })).statusCode).toBe(401);
});
