import { DEMO } from './fixtures';
import { seedNumber, seedUser } from './seed';
import { callApi } from './testApi';

// The mocks answer the server's 400s for refused destinations, with the same sentences (rules/).
describe('destination mocks', () => {
  const configure = (forwarding: string) =>
    callApi('POST', '/twilio/number-configuration', {
      body: { twilio_number: DEMO.businessNumber, forwarding_number: forwarding },
    });
  const call = (recipient: string) =>
    callApi('POST', '/twilio/create-call', {
      body: { from_number: DEMO.businessNumber, forwarding_number: DEMO.forwardingNumber, recipient },
    });

  it('refuses a Jamaican forwarding number by name', async () => {
    expect(await configure('+18765550100')).toEqual({
      status: 400,
      body: {
        error: 'bad_request',
        message: '+1 876 numbers are in Jamaica; Forwardly calls and forwards to US numbers only.',
      },
    });
  });

  it("refuses another account's business number as forwarding number and as recipient", async () => {
    seedUser({ email: 'neighbour@example.com' });
    seedNumber('neighbour@example.com', '+12125550177', '+13125550178');
    expect((await configure('+12125550177')).body.message).toMatch(/^This is a Forwardly business number/);
    expect((await call('+12125550177')).body.message).toMatch(/^This is a Forwardly business number/);
  });

  it.each([
    ['+19005550100', /premium-rate/],
    ['+12129765555', /976 exchange/],
    ['+19115550100', /^Service codes such as 911/],
    ['+18095550100', /Dominican Republic/],
  ])('refuses to call %s', async (recipient, message) => {
    const { status, body } = await call(recipient);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
  });

  it('refuses to search the area code of another NANP country, by name', async () => {
    const res = await callApi('GET', '/twilio/search-numbers', { token: null, query: { area_code: '284' } });
    expect(res).toEqual({
      status: 400,
      body: {
        error: 'bad_request',
        message: 'Area code 284 is in the British Virgin Islands; Forwardly has US numbers only.',
      },
    });
  });
});
