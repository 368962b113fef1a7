import { createTestApp, type TestContext } from './helpers/app';
import { giveNumber, newUser } from './helpers/telephony';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const search = (areaCode: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/twilio/search-numbers?area_code=${areaCode}` });

describe('GET /api/twilio/search-numbers', () => {
  it('lists numbers of the area code without signing in', async () => {
    const res = await search('415');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 10, exact_match: true, area_code: '415' });
    expect(body.available_numbers[0]).toEqual({
      phone_number: '+14155550100',
      friendly_name: '(415) 555-0100',
    });
  });

  it('answers numbers of a nearby area code when the one asked has none', async () => {
    const body = (await search('555')).json();
    expect(body).toMatchObject({ exact_match: false, area_code: '555', count: 10 });
    expect(body.available_numbers[0].phone_number).toMatch(/^\+1512/);
  });

  it.each(['12', '1234', '011', '123', '911', '411', '999', 'abc', ''])(
    'rejects area code %p with 400',
    async (code) => {
      const res = await search(code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
    },
  );

  it('leaves out numbers somebody already owns', async () => {
    const user = await newUser(ctx);
    await giveNumber(ctx, user, '+17185550100');
    const numbers = (await search('718'))
      .json()
      .available_numbers.map((n: { phone_number: string }) => n.phone_number);
    expect(numbers).not.toContain('+17185550100');
    expect(numbers[0]).toBe('+17185550101');
  });
});

describe('GET /api/dashboard/phone-number', () => {
  it('answers {} before a number is bought, then the number with an empty forwarding number', async () => {
    const user = await newUser(ctx);
    const get = () =>
      ctx.app.inject({ method: 'GET', url: '/api/dashboard/phone-number', headers: user.headers });
    expect((await get()).json()).toEqual({});
    await giveNumber(ctx, user, '+12125550100');
    expect((await get()).json()).toEqual({
      phone_number: {
        phone_number: '+12125550100',
        forwarding_number: '',
        announce_calls: false,
        email_texts: true,
        held_until: null,
      },
    });
    await giveNumber(ctx, user, '+12125550100', '+13125550199');
    expect((await get()).json()).toEqual({
      phone_number: {
        phone_number: '+12125550100',
        forwarding_number: '+13125550199',
        announce_calls: false,
        email_texts: true,
        held_until: null,
      },
    });
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard/phone-number' })).statusCode).toBe(
      401,
    );
  });
});
