import type { ContractDriver } from '../driver';
import { buyNumber, FORWARDING, refused, configure } from './helpers';

export function numberCases(api: ContractDriver) {
  describe('numbers', () => {
    it('searches an area code: up to ten US numbers of it, each with its friendly name', async () => {
      const { status, body } = await api.request('GET', '/twilio/search-numbers', {
        query: { area_code: '512' },
      });
      expect(status).toBe(200);
      const found = body as {
        count: number;
        exact_match: boolean;
        area_code: string;
        available_numbers: { phone_number: string; friendly_name: string }[];
      };
      expect(found).toMatchObject({ exact_match: true, area_code: '512' });
      expect(found.count).toBe(found.available_numbers.length);
      expect(found.count).toBeGreaterThan(0);
      expect(found.count).toBeLessThanOrEqual(10);
      for (const n of found.available_numbers) {
        expect(n.phone_number).toMatch(/^\+1512\d{7}$/);
        expect(n.friendly_name).toBe(`(512) ${n.phone_number.slice(5, 8)}-${n.phone_number.slice(8)}`);
      }
    });

    it('offers the same numbers to every search, without the ones bought meanwhile', async () => {
      const search = async () =>
        (await api.request('GET', '/twilio/search-numbers', { query: { area_code: '512' } })).body as {
          available_numbers: { phone_number: string }[];
        };
      const offered = await search();
      expect(await search()).toEqual(offered);
      const bought = await buyNumber(api, await api.newSubscriber());
      expect(bought).toBe(offered.available_numbers[0].phone_number);
      const after = (await search()).available_numbers.map((n) => n.phone_number);
      expect(after).not.toContain(bought);
      expect(after.slice(0, 9)).toEqual(offered.available_numbers.slice(1).map((n) => n.phone_number));
    });

    it('offers numbers of a nearby area code when the area code has none (555)', async () => {
      const { status, body } = await api.request('GET', '/twilio/search-numbers', {
        query: { area_code: '555' },
      });
      expect(status).toBe(200);
      const found = body as { available_numbers: { phone_number: string }[] };
      expect(found).toMatchObject({ exact_match: false, area_code: '555', count: 10 });
      for (const n of found.available_numbers) expect(n.phone_number).toMatch(/^\+1512\d{7}$/);
    });

    it.each([
      ...['', '12', '099', '123', '911', '999', 'abc'].map((code) => [
        code,
        'Please enter a valid 3-digit US area code.',
      ]),
      ['5125', 'The area_code field must be at most 3 characters long.'],
    ])('refuses the area code %p with 400 and the sentence saying why', async (code, message) => {
      const { status, body } = await api.request('GET', '/twilio/search-numbers', {
        query: { area_code: code },
      });
      expect({ status, body }).toEqual({ status: 400, body: { error: 'bad_request', message } });
    });

    it('answers an empty object while the user has no number', async () => {
      const token = await api.newSubscriber();
      expect(await api.request('GET', '/dashboard/phone-number', { token })).toEqual({
        status: 200,
        body: {},
      });
    });

    it('buys a number once, idempotently, and refuses a second one', async () => {
      const token = await api.newSubscriber();
      const search = await api.request('GET', '/twilio/search-numbers', { query: { area_code: '512' } });
      const [first, second] = (search.body as { available_numbers: { phone_number: string }[] })
        .available_numbers;
      const buy = (twilio_number: string) =>
        api.request('POST', '/twilio/purchase-number', { token, body: { twilio_number } });
      const bought = {
        phone_number: {
          phone_number: first.phone_number,
          forwarding_number: '',
          announce_calls: false,
          email_texts: true,
          held_until: null,
        },
      };
      expect(await buy(first.phone_number)).toEqual({ status: 200, body: bought });
      expect(await buy(first.phone_number)).toEqual({ status: 200, body: bought });
      expect(await buy(second.phone_number)).toMatchObject({
        status: 409,
        body: { error: 'number_exists' },
      });
      const { body } = await api.request('GET', '/dashboard/phone-number', { token });
      expect(body).toEqual(bought);
    });

    it("refuses someone else's number, a malformed one, and a buyer without a subscription", async () => {
      const owner = await api.newSubscriber();
      const taken = await buyNumber(api, owner);
      const token = await api.newSubscriber();
      const buy = (twilio_number: string, as = token) =>
        api.request('POST', '/twilio/purchase-number', { token: as, body: { twilio_number } });
      expect(await buy(taken)).toEqual(
        refused(409, 'number_unavailable', 'This number has just been taken. Please choose another one.'),
      );
      expect(await buy('5125550101')).toEqual(
        refused(
          400,
          'bad_request',
          'The twilio_number field must be a US number in E.164 form, such as +15125550100.',
        ),
      );
      expect(await buy(taken, await api.newUser())).toEqual(
        refused(
          403,
          'subscription_required',
          'An active subscription is required. Please start your trial or renew your plan.',
        ),
      );
      expect((await buy(taken, 'bogus')).status).toBe(401);
    });

    it('forwards the number to a US phone, and says so', async () => {
      const token = await api.newSubscriber();
      const number = await buyNumber(api, token);
      const configured = await configure(api, { token, number }, FORWARDING);
      const line = {
        phone_number: {
          phone_number: number,
          forwarding_number: FORWARDING,
          announce_calls: false,
          email_texts: true,
          held_until: null,
        },
      };
      expect(configured).toEqual({ status: 200, body: line });
      expect((await api.request('GET', '/dashboard/phone-number', { token })).body).toEqual(line);
    });

    it("refuses to configure a number that is not the caller's, or a malformed or own forwarding number", async () => {
      const token = await api.newSubscriber();
      const number = await buyNumber(api, token);
      const other = await buyNumber(api, await api.newSubscriber());
      const configureAs = (twilio_number: string, forwarding_number: string) =>
        configure(api, { token, number: twilio_number }, forwarding_number);
      expect(await configureAs(other, FORWARDING)).toEqual(
        refused(404, 'number_not_found', 'This number is not one of your numbers.'),
      );
      expect(await configureAs(number, '555-0177')).toEqual(
        refused(
          400,
          'bad_request',
          'The forwarding_number field must be a phone number in E.164 form, such as +15125550100.',
        ),
      );
      expect(await configureAs(number, number)).toEqual(
        refused(400, 'bad_request', 'Calls cannot be forwarded to the business number itself.'),
      );
    });

    // The line's switches: the "Business call" announcement (off at first) and texts by mail (on).
    it.each([
      ['announce_calls', false],
      ['email_texts', true],
    ] as const)('sets %s (at first %s), leaving it alone when absent', async (setting, initially) => {
      const token = await api.newSubscriber();
      const number = await buyNumber(api, token);
      const configure = async (change: object) => {
        const { status, body } = await api.request('POST', '/twilio/number-configuration', {
          token,
          body: { twilio_number: number, forwarding_number: FORWARDING, ...change },
        });
        return status === 200
          ? (body as { phone_number: Record<string, boolean> }).phone_number[setting]
          : status;
      };
      expect(await configure({})).toBe(initially);
      expect(await configure({ [setting]: !initially })).toBe(!initially);
      expect(await configure({})).toBe(!initially);
      expect(await configure({ [setting]: initially })).toBe(initially);
      expect(await configure({ [setting]: 'yes' })).toBe(400);
    });

    it('refuses to forward abroad with 400 and the destination sentence', async () => {
      const token = await api.newSubscriber();
      const number = await buyNumber(api, token);
      const { status, body } = await configure(api, { token, number }, '+448001234567');
      expect(status).toBe(400);
      expect(body).toMatchObject({
        message:
          'International numbers cannot be called or forwarded to; Forwardly calls and forwards to US numbers only.',
      });
    });
  });
}
