import { DEMO } from './fixtures';
import { numberOf } from './db';
import { seedSubscription, seedUser } from './seed';
import { issueTokens } from './tokens';
import { callApi } from './testApi';

const search = (areaCode: string) =>
  callApi('GET', '/twilio/search-numbers', { token: null, query: { area_code: areaCode } });

/** A subscriber without a number yet, as after checkout. */
function newSubscriber(email = 'buyer@example.com') {
  seedUser({ email });
  seedSubscription(email);
  return issueTokens(email).access_token;
}

describe('number mocks', () => {
  it('lists ten deterministic numbers of the area code, skipping owned ones', async () => {
    const { status, body } = await search('512');
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 10, exact_match: true, area_code: '512' });
    expect(body.available_numbers[0]).toEqual({
      phone_number: '+15125550101',
      friendly_name: '(512) 555-0101',
    });
    expect(body.available_numbers.map((n: { phone_number: string }) => n.phone_number)).not.toContain(
      DEMO.businessNumber,
    );
    expect((await search('512')).body).toEqual(body);
  });

  it('offers nearby numbers for 555 and rejects invalid area codes', async () => {
    const nearby = await search('555');
    expect(nearby.body).toMatchObject({ exact_match: false, area_code: '555', count: 10 });
    expect(nearby.body.available_numbers[0].phone_number).toMatch(/^\+1512/);
    for (const code of ['', '12', '099', '123', '911', '999', 'abc']) {
      expect((await search(code)).status).toBe(400);
    }
  });

  it('buys a number once, idempotently, and refuses a second one', async () => {
    const token = newSubscriber();
    const buy = (number: string) =>
      callApi('POST', '/twilio/purchase-number', { token, body: { twilio_number: number } });
    expect(await buy('+17375550101')).toEqual({
      status: 200,
      body: { phone_number: { phone_number: '+17375550101', forwarding_number: '', announce_calls: false } },
    });
    expect((await buy('+17375550101')).status).toBe(200);
    expect((await buy('+17375550102')).body.error).toBe('number_exists');
    expect(numberOf('buyer@example.com')?.phone_number).toBe('+17375550101');
  });

  it('refuses a number someone owns, a malformed one, and buyers without a subscription', async () => {
    const token = newSubscriber();
    const buy = (number: string, as = token) =>
      callApi('POST', '/twilio/purchase-number', { token: as, body: { twilio_number: number } });
    expect((await buy(DEMO.businessNumber)).status).toBe(409);
    expect((await buy('5125550101')).status).toBe(400);
    seedSubscription('buyer@example.com', null);
    expect((await buy('+17375550101')).status).toBe(403);
    expect((await buy('+17375550101', 'bogus')).status).toBe(401);
  });

  it('configures forwarding only on the caller’s own number', async () => {
    const configure = (twilio_number: string, forwarding_number: string) =>
      callApi('POST', '/twilio/number-configuration', { body: { twilio_number, forwarding_number } });
    const ok = await configure(DEMO.businessNumber, '+13125550177');
    expect(ok.body).toEqual({
      phone_number: {
        phone_number: DEMO.businessNumber,
        forwarding_number: '+13125550177',
        announce_calls: false,
      },
    });
    expect((await configure('+17375550101', '+13125550177')).status).toBe(404);
    expect((await configure(DEMO.businessNumber, '555-0177')).status).toBe(400);
    expect((await configure(DEMO.businessNumber, DEMO.businessNumber)).status).toBe(400);

    const line = await callApi('GET', '/dashboard/phone-number');
    expect(line.body.phone_number.forwarding_number).toBe('+13125550177');
  });

  it('turns the "Business call" announcement on and off, leaving it alone when absent', async () => {
    const configure = (body: object) =>
      callApi('POST', '/twilio/number-configuration', {
        body: { twilio_number: DEMO.businessNumber, forwarding_number: DEMO.forwardingNumber, ...body },
      });
    expect((await configure({ announce_calls: true })).body.phone_number.announce_calls).toBe(true);
    expect((await configure({})).body.phone_number.announce_calls).toBe(true);
    expect((await configure({ announce_calls: false })).body.phone_number.announce_calls).toBe(false);
    expect((await configure({ announce_calls: 'yes' })).status).toBe(400);
  });

  it('answers an empty object when the user has no number', async () => {
    const token = newSubscriber();
    expect(await callApi('GET', '/dashboard/phone-number', { token })).toEqual({ status: 200, body: {} });
  });
});
