import type { ContractDriver } from '../driver';
import { refused, forwardedLine, configure, placeCall } from './helpers';

export function destinationCases(api: ContractDriver) {
  describe('where calls may go (rules/destinations.ts, plus "not one of our numbers")', () => {
    it('refuses a Jamaican forwarding number by name', async () => {
      expect(await configure(api, await forwardedLine(api), '+18765550100')).toEqual({
        status: 400,
        body: {
          error: 'bad_request',
          message: '+1 876 numbers are in Jamaica; Forwardly calls and forwards to US numbers only.',
        },
      });
    });

    it("refuses another account's business number as forwarding number and as recipient", async () => {
      const line = await forwardedLine(api);
      const neighbour = await forwardedLine(api);
      for (const refused of [
        await configure(api, line, neighbour.number),
        await placeCall(api, line, neighbour.number),
      ]) {
        expect(refused.status).toBe(400);
        expect((refused.body as { message: string }).message).toMatch(/^This is a Forwardly business number/);
      }
    });

    it.each([
      ['+19005550100', /premium-rate/],
      ['+12129765555', /976 exchange/],
      ['+19115550100', /^Service codes such as 911/],
      ['+18095550100', /Dominican Republic/],
    ])('refuses to call %s', async (recipient, message) => {
      const { status, body } = await placeCall(api, await forwardedLine(api), recipient);
      expect(status).toBe(400);
      expect((body as { message: string }).message).toMatch(message);
    });

    it('refuses to search the area code of another NANP country, by name', async () => {
      expect(await api.request('GET', '/twilio/search-numbers', { query: { area_code: '284' } })).toEqual({
        status: 400,
        body: {
          error: 'bad_request',
          message: 'Area code 284 is in the British Virgin Islands; Forwardly has US numbers only.',
        },
      });
    });

    it('offers no toll-free, premium-rate or foreign business number: the search and the purchase refuse them by name', async () => {
      const search = await api.request('GET', '/twilio/search-numbers', { query: { area_code: '800' } });
      expect(search).toEqual(
        refused(400, 'bad_request', '800 is a toll-free code; Forwardly has local US numbers only.'),
      );
      // Asked for directly, as the API can be: never bought.
      const token = await api.newSubscriber();
      const buy = (twilio_number: string) =>
        api.request('POST', '/twilio/purchase-number', { token, body: { twilio_number } });
      expect(await buy('+14165550123')).toEqual(
        refused(400, 'bad_request', 'Area code 416 is in Canada; Forwardly has US numbers only.'),
      );
      expect(await buy('+18445550100')).toEqual(
        refused(400, 'bad_request', '844 is a toll-free code; Forwardly has local US numbers only.'),
      );
      expect(await buy('+19005550100')).toEqual(
        refused(400, 'bad_request', '900 is a premium-rate code; Forwardly has local US numbers only.'),
      );
      expect(await buy('+14115550100')).toEqual(
        refused(400, 'bad_request', 'Please enter a valid 3-digit US area code.'),
      );
      expect((await api.request('GET', '/dashboard/phone-number', { token })).body).toEqual({});
    });
  });
}
