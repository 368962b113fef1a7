import type { Mailer } from '../src/providers/mail/mailer';
import { lapse } from './helpers/billing';
import { createTestApp, type TestContext } from './helpers/app';
import { readOutbox, waitForMailWith } from './helpers/outbox';
import { giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';

// Texts to a business number, through the sandbox carrier and our messaging webhook: kept for the
// owner, listed on the dashboard, e-mailed unless the owner turned that off, never lost.

let ctx: TestContext;
let owner: Subscriber;
const NUMBER = '+19175550180';
const PHONE = '+19175559180';
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await newUser(ctx);
  await giveNumber(ctx, owner, NUMBER, PHONE);
});
afterAll(() => ctx.close());

const inboundText = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/sandbox/inbound-text', payload });
const textsOf = async (user: Subscriber) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/dashboard/texts', headers: user.headers })).json().texts;
const emailTexts = (user: Subscriber, number: string, on: boolean) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/twilio/number-configuration',
    headers: user.headers,
    payload: { twilio_number: number, forwarding_number: PHONE, email_texts: on },
  });

it('keeps a text for the owner, shows it on the dashboard and e-mails it', async () => {
  const res = await inboundText({
    to: NUMBER,
    from: '+13125550190',
    body: 'Are you open on Sunday?\nThanks',
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().text).toEqual({
    id: expect.any(String),
    from_number: '+13125550190',
    to_number: NUMBER,
    body: 'Are you open on Sunday?\nThanks',
    received_at: expect.any(String),
  });
  expect(await textsOf(owner)).toEqual([res.json().text]);
  const mail = await waitForMailWith(ctx.deps.config.dataDir, 'Are you open on Sunday?');
  expect(mail.to).toBe(owner.email);
  expect(mail.subject).toBe('Text from (312) 555-0190 to your business number');
  expect(mail.text).toContain('Are you open on Sunday?\nThanks');
  expect(mail.text).toContain('You cannot reply from your business number.');
});

it('keeps a text delivered twice (Twilio retried) once, and mails it once', async () => {
  // Only the mails about texts: the account gets others (its welcome) at their own pace.
  const textMails = () =>
    readOutbox(ctx.deps.config.dataDir).filter((m) => m.subject.startsWith('Text from'));
  const mails = textMails().length;
  const params = {
    MessageSid: 'SM00000000000000000000000000000001',
    From: '+13125550191',
    To: NUMBER,
    Body: 'Twice',
  };
  for (let i = 0; i < 2; i++) {
    const res = await postWebhook(ctx, '/api/twilio/sms', params);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  }
  expect((await textsOf(owner)).filter((t: { body: string }) => t.body === 'Twice')).toHaveLength(1);
  await waitForMailWith(ctx.deps.config.dataDir, 'Twice');
  // Another text mailed after it: the redelivery sent nothing more in between.
  await inboundText({ to: NUMBER, from: '+13125550191', body: 'After' });
  await waitForMailWith(ctx.deps.config.dataDir, 'After');
  expect(textMails()).toHaveLength(mails + 2);
});

it('keeps but does not e-mail texts once the owner turned that off', async () => {
  expect((await emailTexts(owner, NUMBER, false)).json().phone_number.email_texts).toBe(false);
  await inboundText({ to: NUMBER, from: '+13125550192', body: 'Quietly kept' });
  expect((await textsOf(owner))[0].body).toBe('Quietly kept');
  await emailTexts(owner, NUMBER, true);
  await inboundText({ to: NUMBER, from: '+13125550193', body: 'Mailed again' });
  // A later text is mailed: the earlier one, kept quietly, never was.
  await waitForMailWith(ctx.deps.config.dataDir, 'Mailed again');
  expect(readOutbox(ctx.deps.config.dataDir).some((m) => m.text.includes('Quietly kept'))).toBe(false);
});

it('keeps nothing for a number whose owner has no service, and answers 404 for a number nobody holds', async () => {
  const lapsed = await newUser(ctx);
  await giveNumber(ctx, lapsed, '+19175550181', PHONE);
  await lapse(ctx.app, lapsed);
  const res = await inboundText({ to: '+19175550181', from: '+13125550194', body: 'Hello?' });
  expect(res.statusCode).toBe(201);
  expect(res.json().text).toBeNull();
  expect(await textsOf(lapsed)).toEqual([]);
  expect((await inboundText({ to: '+19175550199', from: '+13125550194', body: 'Hi' })).statusCode).toBe(404);
});

it('answers the webhook at once, even while the mail server hangs', async () => {
  let sent = 0;
  // The mail server takes texts' mails and never answers; other mail goes through.
  const slow = await createTestApp({
    deps: (_config, base) => ({
      mailer: {
        send: (message) =>
          message.subject.startsWith('Text from')
            ? new Promise(() => void sent++)
            : base.mailer.send(message),
      } satisfies Mailer,
    }),
  });
  try {
    const user = await newUser(slow);
    await giveNumber(slow, user, NUMBER, PHONE);
    const res = await slow.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound-text',
      payload: { to: NUMBER, from: '+13125550195', body: 'Still answered' },
    });
    expect(res.statusCode).toBe(201);
    expect(sent).toBe(1); // its mail is under way, not awaited
  } finally {
    await slow.close();
  }
});
