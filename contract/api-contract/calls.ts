import type { ContractDriver } from '../driver';
import { buyNumber, FORWARDING, refused, forwardedLine, placeCall } from './helpers';

export function callCases(api: ContractDriver) {
  describe('calls and usage', () => {
    it('lists no calls for a new subscriber: page 1 of 0, ten per page', async () => {
      const token = await api.newSubscriber();
      const { status, body } = await api.request('GET', '/dashboard/calls', { token });
      expect(status).toBe(200);
      expect(body).toEqual({
        calls: [],
        metadata: { current_page: 1, total_pages: 0, total_items: 0, per_page: 10 },
      });
    });

    it.each<[Record<string, string>, string]>([
      [{ page: '0' }, 'The page field must be at least 1.'],
      [{ page: 'two' }, 'The page field must be an integer.'],
      [{ per_page: '101' }, 'The per_page field must be at most 100.'],
      [
        { start_date: '2026-10-02', end_date: '2026-10-01' },
        'The start date must not be after the end date.',
      ],
      [{ start_date: '2026-02-30' }, 'The start_date field must be a valid date (YYYY-MM-DD).'],
      [{ end_date: '1999-12-31' }, 'The end_date field must be a date between 2000-01-01 and 2099-12-31.'],
      [{ direction: 'all' }, 'The direction field must be one of: inbound, outbound.'],
      [
        { start_date: '2026-10-01', time_zone: 'Mars/Olympus' },
        'The time_zone field must be a valid time zone name, such as America/Chicago.',
      ],
      [{ sort: 'oldest' }, 'The query string has an unknown field: sort.'],
    ])('refuses the history query %p with 400 and the sentence saying why', async (query, message) => {
      const token = await api.newSubscriber();
      for (const path of ['/dashboard/calls', '/dashboard/calls.csv'])
        expect(await api.request('GET', path, { token, query })).toEqual(
          refused(400, 'bad_request', message),
        );
    });

    it('refuses a call id that is not a UUID with 400, and a UUID of no call of theirs with 404', async () => {
      const token = await api.newSubscriber();
      expect(await api.request('GET', '/dashboard/calls/call-7', { token })).toEqual(
        refused(400, 'bad_request', 'The id field must be a valid UUID.'),
      );
      expect(
        await api.request('GET', '/dashboard/calls/6f1c2b8e-3a4d-4e5f-9a6b-7c8d9e0f1a2b', { token }),
      ).toEqual(refused(404, 'call_not_found', 'This call is not one of your calls.'));
    });

    it('refuses to call before forwarding is set: forwarding_not_set', async () => {
      const token = await api.newSubscriber();
      const number = await buyNumber(api, token);
      const { body } = await placeCall(api, { token, number }, '+12025550143');
      expect(body).toMatchObject({ error: 'forwarding_not_set' });
    });

    it("reports a trial's usage: nothing used of the month's 100 minutes and the trial's 300", async () => {
      const token = await api.newSubscriber();
      const { status, body } = await api.request('GET', '/dashboard/usage', { token });
      expect(status).toBe(200);
      expect(body).toEqual({
        period_start: expect.stringMatching(/^\d{4}-\d\d-01$/),
        period_end: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        minutes_used: 0,
        included_minutes: 100,
        overage_cents: 0,
        trial: { minutes_used: 0, minutes_limit: 300 },
      });
    });

    it("pauses a trial's calls once its 300 minutes are used: the usage says so, and a call is refused 402", async () => {
      const line = await forwardedLine(api);
      await api.talkTrialMinutes(line.token, 300);
      const usage = await api.request('GET', '/dashboard/usage', { token: line.token });
      expect(usage.body).toMatchObject({
        minutes_used: 300,
        overage_cents: 400, // 200 minutes past the month's 100, at 2¢ (not charged on a trial)
        trial: { minutes_used: 300, minutes_limit: 300 },
      });
      expect(await placeCall(api, line, '+12025550143')).toEqual(
        refused(
          402,
          'trial_minutes_used',
          'Your free trial includes 300 minutes of calls and they are used up. Calls work again once your first payment goes through.',
        ),
      );
      // Paying now ends the trial, and with it the pause.
      expect((await api.request('POST', '/billing/end-trial', { token: line.token })).status).toBe(200);
      expect((await placeCall(api, line, '+12025550143')).status).toBe(201);
    });

    it('places a call to a US number: 201 with the new call, not yet answered', async () => {
      const line = await forwardedLine(api);
      const { status, body } = await placeCall(api, line, '+12025550143');
      expect(status).toBe(201);
      expect(body).toMatchObject({
        call: {
          id: expect.any(String),
          direction: 'outbound',
          from_number: line.number,
          to_number: '+12025550143',
          duration: 0,
          status: 'queued',
          stage: 'calling_you',
        },
      });
    });

    it.each([
      [
        'a number that is not theirs',
        { from_number: '+17375550101' },
        refused(404, 'number_not_found', 'This number is not one of your numbers.'),
      ],
      [
        'another forwarding phone',
        { forwarding_number: '+13125550177' },
        refused(400, 'bad_request', 'The forwarding number does not match the one on your account.'),
      ],
      [
        'a malformed recipient',
        { recipient: '2125550142' },
        refused(
          400,
          'bad_request',
          'The recipient field must be a phone number in E.164 form, such as +15125550100.',
        ),
      ],
      [
        'a premium-rate recipient',
        { recipient: '+19005550100' },
        refused(
          400,
          'bad_request',
          '+1 900 numbers are premium-rate lines; Forwardly does not call or forward to them.',
        ),
      ],
      [
        'an N11 recipient',
        { recipient: '+19115550100' },
        refused(
          400,
          'bad_request',
          'Service codes such as 911 and 411 cannot be called or forwarded to; for an emergency, dial 911 from your own phone.',
        ),
      ],
    ])('refuses a call with %s, saying why', async (_case, change, refusal) => {
      const line = await forwardedLine(api);
      const body = { from_number: line.number, forwarding_number: FORWARDING, recipient: '+12125550142' };
      const answer = await api.request('POST', '/twilio/create-call', {
        token: line.token,
        body: { ...body, ...change },
      });
      expect(answer).toEqual(refusal);
    });

    it('refuses a call to their own business number: 400, saying why', async () => {
      const line = await forwardedLine(api);
      expect(await placeCall(api, line, line.number)).toEqual(
        refused(400, 'bad_request', 'You cannot call your own business number.'),
      );
    });

    it('reads a placed call back by its id, and no one else may', async () => {
      const line = await forwardedLine(api);
      const placed = (await placeCall(api, line, '+12025550143')).body as { call: { id: string } };
      const read = await api.request('GET', `/dashboard/calls/${placed.call.id}`, { token: line.token });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ call: { id: placed.call.id, to_number: '+12025550143' } });
      const stranger = await api.newSubscriber();
      const theirs = await api.request('GET', `/dashboard/calls/${placed.call.id}`, { token: stranger });
      expect(theirs.status).toBe(404);
    });

    it("lists a call under the day it was made in the history's time zone, not UTC's", async () => {
      const line = await forwardedLine(api);
      const placed = (await placeCall(api, line, '+12025550143')).body as { call: { created_at: string } };
      // Kiritimati is 14 hours ahead of UTC and Pago Pago 11 behind: never the same date.
      const day = new Date(placed.call.created_at).toLocaleDateString('en-CA', {
        timeZone: 'Pacific/Kiritimati',
      });
      const listed = async (time_zone: string) => {
        const query = { start_date: day, end_date: day, time_zone };
        const { body } = await api.request('GET', '/dashboard/calls', { token: line.token, query });
        return (body as { metadata: { total_items: number } }).metadata.total_items;
      };
      expect(await listed('Pacific/Kiritimati')).toBe(1);
      expect(await listed('Pacific/Pago_Pago')).toBe(0);
      // The CSV file writes its times on that zone's clock, and says which.
      const query = { time_zone: 'Pacific/Kiritimati' };
      const csv = await api.request('GET', '/dashboard/calls.csv', { token: line.token, query });
      const [header, row] = String(csv.body).split('\n');
      expect(header.startsWith('Date and time (Pacific/Kiritimati),')).toBe(true);
      expect(row.startsWith(`${day}T`) && row.split(',')[0].endsWith('+14:00')).toBe(true);
    });

    it('refuses a recipient abroad with 400 and the destination sentence', async () => {
      const { status, body } = await placeCall(api, await forwardedLine(api), '+448001234567');
      expect(status).toBe(400);
      expect(body).toMatchObject({
        message:
          'International numbers cannot be called or forwarded to; Forwardly calls and forwards to US numbers only.',
      });
    });
  });
}
