import { DEMO } from './fixtures';
import { callApi } from './testApi';

const search = (areaCode: string) =>
  callApi('GET', '/twilio/search-numbers', { token: null, query: { area_code: areaCode } });

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

  it('offers nearby numbers for 555', async () => {
    const nearby = await search('555');
    expect(nearby.body).toMatchObject({ exact_match: false, area_code: '555', count: 10 });
    expect(nearby.body.available_numbers[0].phone_number).toMatch(/^\+1512/);
  });
});
