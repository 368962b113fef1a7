import { randomBytes } from 'node:crypto';
import { inWords, Limits } from '../src/limits/limits';
import { refusal } from './helpers/refusal';

// The limiter on its own (rules.ts's figures), with its counters in memory; the same rules over
// Redis are in limits-redis.test.ts, and through the API in limits-api.test.ts.

const quiet = { info: () => {}, warn: () => {} };
let limits: Limits;
beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') });
  limits = new Limits({ redisPrefix: 'unit' }, quiet);
});
afterEach(async () => {
  await limits.close();
  jest.useRealTimers();
});

const hour = 3600 * 1000;

describe('click-to-calls per account', () => {
  it('lets 60 calls through in an hour, refuses the 61st with when to retry, and lets calls through again an hour later', async () => {
    for (let i = 0; i < 60; i++) expect(await refusal(() => limits.callPlaced('alice'))).toBeNull();
    const refused = await refusal(() => limits.callPlaced('alice'));
    expect(refused).toMatchObject({
      statusCode: 429,
      retryAfterSeconds: 3600,
      message: 'You have reached the limit of 60 calls an hour. Please try again in 1 hour.',
    });
    expect(await refusal(() => limits.callPlaced('bob'))).toBeNull();
    jest.advanceTimersByTime(hour);
    expect(await refusal(() => limits.callPlaced('alice'))).toBeNull();
  });

  it('refuses the 301st call of a day, however the calls are spread over its hours', async () => {
    for (let h = 0; h < 5; h++) {
      for (let i = 0; i < 60; i++) expect(await refusal(() => limits.callPlaced('carol'))).toBeNull();
      jest.advanceTimersByTime(hour);
    }
    const refused = await refusal(() => limits.callPlaced('carol'));
    expect(refused?.message).toBe(
      'You have reached the limit of 300 calls a day. Please try again in 19 hours.',
    );
    expect(refused?.retryAfterSeconds).toBe(19 * 3600);
  });

  it('gives a place back for a call that did not go out', async () => {
    for (let i = 0; i < 60; i++) await (await limits.callPlaced('dave'))();
    expect(await refusal(() => limits.callPlaced('dave'))).toBeNull();
  });

  it("does not count a call the day's limit refused against the hour's", async () => {
    for (let h = 0; h < 5; h++) {
      for (let i = 0; i < 60; i++) await limits.callPlaced('erin');
      jest.advanceTimersByTime(hour);
    }
    jest.advanceTimersByTime(18.5 * hour); // half an hour before the day's count ends
    for (let i = 0; i < 60; i++) {
      expect((await refusal(() => limits.callPlaced('erin')))?.message).toMatch(/300 calls a day/);
    }
    jest.advanceTimersByTime(hour / 2);
    expect(await refusal(() => limits.callPlaced('erin'))).toBeNull();
  });
});

describe('failed sign-ins per email', () => {
  const wrong = () => Promise.reject(new Error('wrong password'));
  const right = () => Promise.resolve('tokens');
  const isWrong = (e: unknown) => e instanceof Error && e.message === 'wrong password';
  const attempt = (email: string, run: () => Promise<string>) => limits.login(email, run, isWrong);

  async function fail(email: string, times: number) {
    for (let i = 0; i < times; i++) await expect(attempt(email, wrong)).rejects.toThrow('wrong password');
  }

  it('lets 5 wrong passwords be checked, then backs off 1, 2, 4, 8, 16 s, then locks for 15 minutes; the right password is refused meanwhile with the same sentence', async () => {
    const email = 'owner@example.com';
    await fail(email, 5);
    const backoff = await refusal(() => attempt(email, right));
    expect(backoff).toMatchObject({ retryAfterSeconds: 1, message: 'Invalid email or password.' });
    for (const wait of [1, 2, 4, 8, 16]) {
      jest.advanceTimersByTime(wait * 1000);
      await fail(email, 1);
      const refused = await refusal(() => attempt(email, right));
      expect(refused?.retryAfterSeconds).toBe(wait === 16 ? 900 : wait * 2);
    }
    jest.advanceTimersByTime(14 * 60 * 1000);
    expect((await refusal(() => attempt(email, right)))?.message).toBe('Invalid email or password.');
    jest.advanceTimersByTime(60 * 1000);
    await expect(attempt(email, right)).resolves.toBe('tokens');
  });

  it('checks at most 10 of many guesses sent at once, then locks, the right password too', async () => {
    const email = 'burst@example.com';
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => refusal(() => attempt(email, wrong)).catch((e: Error) => e.message)),
    );
    expect(answers.filter((a) => a === 'wrong password')).toHaveLength(10);
    expect(answers.filter((a) => typeof a === 'object' && a?.statusCode === 429)).toHaveLength(30);
    expect(await refusal(() => attempt(email, right))).toMatchObject({
      retryAfterSeconds: 900,
      message: 'Invalid email or password.',
    });
  });

  it('counts an email whatever its case, unknown emails alike, and never another email', async () => {
    await fail('Someone@Example.com', 5);
    expect(await refusal(() => attempt(' someone@example.com', right))).not.toBeNull();
    await expect(attempt('other@example.com', right)).resolves.toBe('tokens');
  });

  it('forgets the failures after a successful sign-in or a password reset', async () => {
    await fail('reset@example.com', 4);
    await limits.loginSucceeded('reset@example.com');
    await fail('reset@example.com', 4);
    await expect(attempt('reset@example.com', right)).resolves.toBe('tokens');
  });

  it('does not count failures the attempt does not call wrong passwords', async () => {
    for (let i = 0; i < 10; i++) {
      await expect(
        attempt('busy@example.com', () => Promise.reject(new Error('database down'))),
      ).rejects.toThrow();
    }
    await expect(attempt('busy@example.com', right)).resolves.toBe('tokens');
  });
});

describe('failed sign-ins per client address and per account', () => {
  const wrong = () => Promise.reject(new Error('wrong password'));
  const right = () => Promise.resolve('tokens');
  const isWrong = (e: unknown) => e instanceof Error && e.message === 'wrong password';
  const from = (address: string, device?: string) => ({ address, device });
  const attempt = (email: string, client: { address: string; device?: string }, run = right) =>
    refusal(() => limits.login(email, run, isWrong, undefined, client)).catch((e: Error) => e.message);

  it('holds an address back after 50 failures whatever the emails, other addresses and known devices not', async () => {
    for (let i = 0; i < 50; i++) {
      expect(await attempt(`spray-${i}@example.com`, from('198.51.100.9'), wrong)).toBe('wrong password');
    }
    expect(await attempt('fresh@example.com', from('198.51.100.9'))).toMatchObject({
      retryAfterSeconds: 900,
      message: 'Invalid email or password.',
    });
    expect(await attempt('fresh@example.com', from('198.51.100.10'))).toBeNull();
    expect(await attempt('fresh@example.com', from('198.51.100.9', 'known-device'))).toBeNull();
  });

  it('answers each of 60 wrong passwords sent at once from one address as such, then holds the address back', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(`burst-${i}@example.com`, from('198.51.100.60'), wrong)),
    );
    // Each is checked, or refused with a 429: none fails otherwise once the address's count is full.
    const kinds = answers.map((a) =>
      a === 'wrong password' ? 'checked' : typeof a === 'object' && a?.statusCode === 429 ? '429' : String(a),
    );
    expect(kinds.filter((kind) => kind !== 'checked' && kind !== '429')).toEqual([]);
    expect(await attempt('fresh@example.com', from('198.51.100.60'))).toMatchObject({ statusCode: 429 });
  });

  it('holds an email back after 50 failures from any addresses; its known devices and a reset let it in', async () => {
    const email = 'target@example.com';
    for (let i = 0; i < 50; i++) {
      expect(await attempt(email, from(`203.0.113.${i + 1}`), wrong)).toBe('wrong password');
    }
    expect(await attempt(email, from('192.0.2.1'))).toMatchObject({
      retryAfterSeconds: 3600,
      message: 'Invalid email or password.',
    });
    expect(await attempt(email, from('192.0.2.1', 'their-laptop'))).toBeNull();
    await limits.loginSucceeded(email);
    expect(await attempt(email, from('192.0.2.1'))).toBeNull();
  });

  it("forgives the count of the client that completed a password reset, not another client's", async () => {
    const email = 'forgetful@example.com';
    for (const address of ['192.0.2.7', '192.0.2.8']) {
      for (let i = 0; i < 5; i++) await attempt(email, from(address), wrong);
    }
    await limits.loginSucceeded(email, from('192.0.2.7'));
    expect(await attempt(email, from('192.0.2.7'))).toBeNull();
    expect(await attempt(email, from('192.0.2.8'))).toMatchObject({ retryAfterSeconds: 1 });
    // A known device is counted by itself: the failures of its address do not hold it back.
    expect(await attempt(email, from('192.0.2.8', 'their-phone'))).toBeNull();
  });

  it('counts each known device of an email by itself: one backing off does not hold another back', async () => {
    const email = 'two-devices@example.com';
    for (let i = 0; i < 5; i++) await attempt(email, from('192.0.2.20', 'old-phone'), wrong);
    expect(await attempt(email, from('192.0.2.20', 'old-phone'))).toMatchObject({ retryAfterSeconds: 1 });
    expect(await attempt(email, from('192.0.2.20', 'new-laptop'))).toBeNull();
  });
});

it.each([
  [1, '1 second'],
  [59, '59 seconds'],
  [60, '1 minute'],
  [61, '2 minutes'],
  [3599, '60 minutes'],
  [3600, '1 hour'],
  [3601, '2 hours'],
])('says a wait of %i s as "%s"', (seconds, words) => {
  expect(inWords(seconds)).toBe(words);
});

it('sends at most 5 reset emails an hour to one address', async () => {
  const email = `reset-${randomBytes(3).toString('hex')}@example.com`;
  for (let i = 0; i < 5; i++) expect(await refusal(() => limits.resetRequest(email))).toBeNull();
  expect((await refusal(() => limits.resetRequest(email.toUpperCase())))?.message).toBe(
    'Too many reset requests for this email. Please check your inbox, or try again in 1 hour.',
  );
  expect(await refusal(() => limits.resetRequest('someone-else@example.com'))).toBeNull();
});

it('allows 30 number searches a minute per client address', async () => {
  for (let i = 0; i < 30; i++) expect(await refusal(() => limits.search('203.0.113.7'))).toBeNull();
  expect(await refusal(() => limits.search('203.0.113.7'))).toMatchObject({
    retryAfterSeconds: 60,
    message: 'Too many number searches. Please try again in 1 minute.',
  });
  expect(await refusal(() => limits.search('203.0.113.8'))).toBeNull();
});
