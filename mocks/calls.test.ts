import { ANSWERED_CALL_STEPS } from '../contract/sandbox-call-steps';
import { DEMO, DEMO_CALL_COUNT } from './fixtures';
import { callsOf } from './db';
import { seedCalls, seedNumber, seedSubscription } from './seed';
import { callApi } from './testApi';

const listCalls = (query: Record<string, string> = {}) => callApi('GET', '/dashboard/calls', { query });

describe('call mocks', () => {
  it('pages the seeded history newest first, 10 per page by default', async () => {
    const first = await listCalls();
    expect(first.body.metadata).toEqual({
      current_page: 1,
      total_pages: Math.ceil(DEMO_CALL_COUNT / 10),
      total_items: DEMO_CALL_COUNT,
      per_page: 10,
    });
    const dates = first.body.calls.map((call: { created_at: string }) => call.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(first.body.calls.map((call: { direction: string }) => call.direction))).toEqual(
      new Set(['inbound', 'outbound']),
    );

    const last = await listCalls({ page: '3' });
    expect(last.body.calls).toHaveLength(DEMO_CALL_COUNT - 20);
  });

  it('filters by direction and by inclusive UTC day range', async () => {
    seedCalls(DEMO.email, [
      { direction: 'inbound', created_at: '2026-10-01T00:00:00Z' },
      { direction: 'outbound', created_at: '2026-10-15T12:00:00Z' },
      { direction: 'inbound', created_at: '2026-10-31T23:59:59Z' },
      { direction: 'inbound', created_at: '2026-11-01T00:00:00Z' },
    ]);
    const october = await listCalls({ start_date: '2026-10-01', end_date: '2026-10-31' });
    expect(october.body.metadata.total_items).toBe(3);
    const inbound = await listCalls({
      start_date: '2026-10-01',
      end_date: '2026-10-31',
      direction: 'inbound',
    });
    expect(inbound.body.calls.map((call: { created_at: string }) => call.created_at)).toEqual([
      '2026-10-31T23:59:59.000Z',
      '2026-10-01T00:00:00.000Z',
    ]);
    expect((await listCalls({ per_page: '2', page: '2' })).body.metadata).toEqual({
      current_page: 2,
      total_pages: 2,
      total_items: 4,
      per_page: 2,
    });
  });

  it('places an outbound call from the business number and adds it to the history', async () => {
    const body = {
      from_number: DEMO.businessNumber,
      forwarding_number: DEMO.forwardingNumber,
      recipient: '+12125550142',
    };
    const placed = await callApi('POST', '/twilio/create-call', { body });
    expect(placed.status).toBe(201);
    expect(placed.body.call).toMatchObject({
      id: expect.any(String),
      direction: 'outbound',
      to_number: '+12125550142',
      duration: 0,
      status: 'queued',
      stage: 'calling_you',
    });
    expect(callsOf(DEMO.email)[0].id).toBe(placed.body.call.id);
    expect((await listCalls()).body.calls[0].id).toBe(placed.body.call.id);
  });

  it.each([
    ['a number that is not theirs', { from_number: '+17375550101' }, 404],
    ['another forwarding phone', { forwarding_number: '+13125550177' }, 400],
    ['a malformed recipient', { recipient: '2125550142' }, 400],
    ['their own business number', { recipient: DEMO.businessNumber }, 400],
    ['a premium recipient', { recipient: '+19005550100' }, 400],
    ['an N11 recipient', { recipient: '+19115550100' }, 400],
  ])('refuses a call from %s', async (_case, change, status) => {
    const body = {
      from_number: DEMO.businessNumber,
      forwarding_number: DEMO.forwardingNumber,
      recipient: '+12125550142',
      ...change,
    };
    expect((await callApi('POST', '/twilio/create-call', { body })).status).toBe(status);
  });

  it('needs a live subscription and a configured forwarding number to call', async () => {
    const body = {
      from_number: DEMO.businessNumber,
      forwarding_number: DEMO.forwardingNumber,
      recipient: '+12125550142',
    };
    seedNumber(DEMO.email, DEMO.businessNumber);
    expect((await callApi('POST', '/twilio/create-call', { body })).body.error).toBe('forwarding_not_set');
    seedSubscription(DEMO.email, null);
    expect((await callApi('POST', '/twilio/create-call', { body })).status).toBe(402);
  });

  it("stops a trial's calls once its calls used 300 minutes", async () => {
    const body = {
      from_number: DEMO.businessNumber,
      forwarding_number: DEMO.forwardingNumber,
      recipient: '+12125550142',
    };
    seedCalls(DEMO.email, [{ duration: 300 * 60 }]);
    expect(await callApi('POST', '/twilio/create-call', { body })).toEqual({
      status: 402,
      body: { error: 'trial_minutes_used', message: expect.stringContaining('300 minutes') },
    });
    seedSubscription(DEMO.email, { status: 'active' });
    expect((await callApi('POST', '/twilio/create-call', { body })).status).toBe(201);
  });

  it('answers 402 before the one-call limit once service stopped', async () => {
    const body = {
      from_number: DEMO.businessNumber,
      forwarding_number: DEMO.forwardingNumber,
      recipient: '+12125550142',
    };
    expect((await callApi('POST', '/twilio/create-call', { body })).status).toBe(201);
    seedSubscription(DEMO.email, { status: 'unpaid' });
    expect((await callApi('POST', '/twilio/create-call', { body })).body.error).toBe('subscription_required');
  });

  it('moves a placed call on every 2 seconds as the sandbox carrier does, one call at a time', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-20T12:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick'] });
    const body = (recipient: string) => ({
      from_number: DEMO.businessNumber,
      forwarding_number: DEMO.forwardingNumber,
      recipient,
    });
    const { call } = (await callApi('POST', '/twilio/create-call', { body: body('+12125550142') })).body;
    const stepOf = async () => {
      const { stage, status, duration } = (await callApi('GET', `/dashboard/calls/${call.id}`)).body.call;
      return [stage, status, duration];
    };
    const seen = [await stepOf()];
    for (let step = 0; step < 6; step++) {
      if (step === 1) {
        const second = await callApi('POST', '/twilio/create-call', { body: body('+12125550143') });
        expect(second.body.error).toBe('call_in_progress');
      }
      jest.advanceTimersByTime(2000);
      seen.push(await stepOf());
    }
    // One step past the end: an ended call stays as it ended.
    expect(seen).toEqual([...ANSWERED_CALL_STEPS, ANSWERED_CALL_STEPS.at(-1)]);
    const busy = (await callApi('POST', '/twilio/create-call', { body: body('+12125550198') })).body.call;
    jest.advanceTimersByTime(20_000);
    const ended = (await callApi('GET', `/dashboard/calls/${busy.id}`)).body.call;
    jest.useRealTimers();
    expect(ended).toMatchObject({ stage: 'calling_recipient', status: 'busy', duration: 0 });
  });

  it("answers one call of the user, and 404 for anyone else's", async () => {
    const [mine] = callsOf(DEMO.email);
    expect((await callApi('GET', `/dashboard/calls/${mine.id}`)).body.call).toEqual(mine);
    const notMine = '6f1c2b8e-3a4d-4e5f-9a6b-7c8d9e0f1a2b';
    expect((await callApi('GET', `/dashboard/calls/${notMine}`)).status).toBe(404);
  });

  it('downloads the calls matching the filters as CSV, newest first', async () => {
    seedCalls(DEMO.email, [
      { direction: 'inbound', created_at: '2026-10-01T09:00:00Z', duration: 75 },
      { direction: 'outbound', created_at: '2026-10-02T09:00:00Z', status: 'no-answer', duration: 0 },
      { direction: 'inbound', created_at: '2026-11-01T09:00:00Z' },
    ]);
    const response = await fetch('http://localhost/api/dashboard/calls.csv?end_date=2026-10-31', {
      headers: { Authorization: `Bearer ${DEMO.accessToken}` },
    });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="calls-2026-10-31.csv"');
    expect((await response.text()).split('\n')).toEqual([
      'Date and time (UTC),Direction,From,To,Status,Duration,Duration (seconds)',
      `2026-10-02T09:00:00.000Z,outbound,${DEMO.businessNumber},+12125550142,No answer,0:00,0`,
      `2026-10-01T09:00:00.000Z,inbound,+12125550142,${DEMO.businessNumber},Answered,1:15,75`,
      '',
    ]);
  });

  it("writes the CSV's times on the clock of the query's time zone", async () => {
    seedCalls(DEMO.email, [{ direction: 'inbound', created_at: '2026-10-02T09:00:00Z', duration: 75 }]);
    const response = await fetch('http://localhost/api/dashboard/calls.csv?time_zone=America/Chicago', {
      headers: { Authorization: `Bearer ${DEMO.accessToken}` },
    });
    expect((await response.text()).split('\n').slice(0, 2)).toEqual([
      'Date and time (America/Chicago),Direction,From,To,Status,Duration,Duration (seconds)',
      `2026-10-02T04:00:00.000-05:00,inbound,+12125550142,${DEMO.businessNumber},Answered,1:15,75`,
    ]);
  });

  it('adds up this month’s minutes, rounded up per call, with overage at 2 cents', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-20T12:00:00Z'), doNotFake: ['queueMicrotask', 'nextTick'] });
    seedCalls(DEMO.email, [
      { created_at: '2026-11-02T10:00:00Z', duration: 100 * 60 + 1 },
      { created_at: '2026-11-03T10:00:00Z', duration: 30 },
      { created_at: '2026-10-30T10:00:00Z', duration: 600 },
    ]);
    const { body } = await callApi('GET', '/dashboard/usage');
    jest.useRealTimers();
    expect(body).toEqual({
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      minutes_used: 102,
      included_minutes: 100,
      overage_cents: 4,
      // The demo account is trialing: all its calls count against the trial's 300 minutes.
      trial: { minutes_used: 112, minutes_limit: 300 },
    });
  });
});
