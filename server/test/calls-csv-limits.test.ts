import { parse } from 'csv-parse/sync';
import { callsCsv } from '../src/calls/csv';
import { createTestApp, type TestContext } from './helpers/app';
import { forwardLegReport, giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';

// What the export guards against: a caller ID that a spreadsheet would run, a history too long for one
// request, and a client asking for it over and over.
let ctx: TestContext;
let owner: Subscriber;
const NUMBER = '+19175550100';
const FORMULA = '=HYPERLINK("http://x","y")';
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await newUser(ctx);
  await giveNumber(ctx, owner, NUMBER, '+19175559999');
  // Inbound calls as Twilio reports them: the caller ID is whatever the caller's carrier sent.
  for (const [sid, from] of [
    ['CAformula', FORMULA],
    ['CAplus', '+cmd|"/C calc"!A0'],
    ['CAat', '@SUM(1+1)*cmd|" /C calc"!A0'],
    ['CAminus', '-2+3+cmd|" /C calc"!A0'],
    ['CAnumber', '+12125550111'],
  ]) {
    const voice = await postWebhook(ctx, '/api/twilio/voice', { CallSid: sid, From: from, To: NUMBER });
    expect(voice.statusCode).toBe(200);
    const ended = await forwardLegReport(ctx, { sid, number: NUMBER, caller: from }, 'completed', 30);
    expect(ended.statusCode).toBe(204);
  }
});
afterAll(() => ctx.close());

const download = () =>
  ctx.app.inject({ method: 'GET', url: '/api/dashboard/calls.csv', headers: owner.headers });
const rowsOf = (body: string) => parse<Record<string, string>>(body, { columns: true });

it('writes a caller ID a spreadsheet would run (=, +, @, -) as text (a leading apostrophe), and numbers as they are', async () => {
  const res = await download();
  expect(res.statusCode).toBe(200);
  expect(rowsOf(res.body).map((row) => row.From)).toEqual([
    '+12125550111',
    `'-2+3+cmd|" /C calc"!A0`,
    `'@SUM(1+1)*cmd|" /C calc"!A0`,
    `'+cmd|"/C calc"!A0`,
    `'${FORMULA}`,
  ]);
});

it('stops an export at its row cap', async () => {
  let text = '';
  for await (const chunk of callsCsv(ctx.deps.db, owner.id, {}, { maxRows: 2, batchSize: 1 })) text += chunk;
  expect(rowsOf(text).map((row) => row.From)).toEqual(['+12125550111', `'-2+3+cmd|" /C calc"!A0`]);
});

it('lets an account download ten exports a minute, then answers 429 with Retry-After', async () => {
  const other = await newUser(ctx);
  const get = () =>
    ctx.app.inject({ method: 'GET', url: '/api/dashboard/calls.csv', headers: other.headers });
  for (let i = 0; i < 10; i++) expect((await get()).statusCode).toBe(200);
  const refused = await get();
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(refused.json()).toMatchObject({
    error: 'too_many_requests',
    message: expect.stringMatching(/^Too many downloads/),
  });
  // Another account is not held up.
  expect((await download()).statusCode).toBe(200);
});
