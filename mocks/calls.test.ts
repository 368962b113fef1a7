import { ANSWERED_CALL_STEPS } from '../contract/sandbox-call-steps';
import { DEMO, DEMO_CALL_COUNT } from './fixtures';
import { seedCalls, seedSubscription } from './seed';
import { callApi } from './testApi';

const listCalls = (query: Record<string, string> = {}) => callApi('GET', '/dashboard/calls', { query });

// Histories of past days (seeded: the API makes calls only now, one at a time), states the API
// alone cannot reach, and the simulated call progress; the rest is the API contract.
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

  it('needs a live subscription to call', async () => {
    const body = {
      from_number: DEMO.businessNumber,
      forwarding_number: DEMO.forwardingNumber,
      recipient: '+12125550142',
    };
    seedSubscription(DEMO.email, null);
    expect(await callApi('POST', '/twilio/create-call', { body })).toMatchObject({
      status: 402,
      body: { error: 'subscription_required' },
    });
  });

  it('answers 402 before the one-call limit once service stopped', async () => {
    const body = {
      from_number: DEMO.businessNumber,
      forwarding_number: DEMO.forwardingNumber,
      recipient: '+12125550142',
    };
    expect((await callApi('POST', '/twilio/create-call', { body })).status).toBe(201);
    seedSubscription(DEMO.email, { status: 'unpaid' });
    expect(await callApi('POST', '/twilio/create-call', { body })).toMatchObject({
      status: 402,
      body: { error: 'subscription_required' },
    });
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
