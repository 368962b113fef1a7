import { failAlways, failNext, resetMocks, respondEmpty } from './control';
import { DEMO } from './fixtures';
import { lastBodyOf, requestLog, requestsTo } from './log';
import { seedUser } from './seed';
import { callApi } from './testApi';

const login = () =>
  callApi('POST', '/auth/login', { token: null, body: { email: DEMO.email, password: DEMO.password } });

describe('test controls', () => {
  it('failNext forces one error in the server shape, then the route behaves again', async () => {
    failNext('POST /auth/login', 500);
    expect(await login()).toEqual({
      status: 500,
      body: { error: 'internal_error', message: 'Something went wrong' },
    });
    expect((await login()).status).toBe(200);
  });

  it('failNext calls queue up, and a custom body replaces the default', async () => {
    failNext('GET /dashboard/calls', 401);
    failNext('GET /dashboard/calls', 502, { error: 'twilio_down', message: 'Try later' });
    expect((await callApi('GET', '/dashboard/calls')).status).toBe(401);
    expect(await callApi('GET', '/dashboard/calls')).toEqual({
      status: 502,
      body: { error: 'twilio_down', message: 'Try later' },
    });
    expect((await callApi('GET', '/dashboard/calls')).status).toBe(200);
  });

  it('failAlways holds until resetMocks', async () => {
    failAlways('POST /auth/refresh', 401);
    for (let i = 0; i < 3; i++) {
      expect((await callApi('POST', '/auth/refresh', { token: DEMO.refreshToken })).status).toBe(401);
    }
    resetMocks();
    expect((await callApi('POST', '/auth/refresh', { token: DEMO.refreshToken })).status).toBe(200);
  });

  it("'network' makes the fetch itself fail", async () => {
    failNext('GET /billing/subscription-status', 'network');
    await expect(callApi('GET', '/billing/subscription-status')).rejects.toThrow();
  });

  it('respondEmpty gives each route its empty result, after the auth check', async () => {
    respondEmpty('GET /dashboard/calls');
    respondEmpty('GET /twilio/search-numbers');
    respondEmpty('GET /billing/subscription-status');
    respondEmpty('GET /dashboard/phone-number');
    respondEmpty('POST /billing/create-portal-session');

    expect((await callApi('GET', '/dashboard/calls', { token: null })).status).toBe(401);
    expect((await callApi('GET', '/dashboard/calls')).body).toEqual({
      calls: [],
      metadata: { current_page: 1, total_pages: 0, total_items: 0, per_page: 10 },
    });
    const search = await callApi('GET', '/twilio/search-numbers', { query: { area_code: '512' } });
    expect(search.body).toEqual({ count: 0, exact_match: true, area_code: '512', available_numbers: [] });
    expect((await callApi('GET', '/billing/subscription-status')).body).toEqual({
      has_subscription: false,
      subscription: null,
      billing_time: expect.any(Number),
    });
    expect((await callApi('GET', '/dashboard/phone-number')).body).toEqual({});
    expect((await callApi('POST', '/billing/create-portal-session')).body).toEqual({});
  });

  it('respondEmpty once applies to the next authorised call only', async () => {
    respondEmpty('GET /dashboard/phone-number', { once: true });
    expect((await callApi('GET', '/dashboard/phone-number')).body).toEqual({});
    expect((await callApi('GET', '/dashboard/phone-number')).body.phone_number).toBeDefined();
  });

  it('logs method, path, query, body and authorization of every call, forced errors included', async () => {
    failNext('POST /twilio/purchase-number', 502);
    await callApi('POST', '/twilio/purchase-number', { body: { twilio_number: '+17375550101' } });
    await callApi('GET', '/dashboard/calls', { query: { page: '2', direction: 'inbound' } });

    expect(requestsTo('POST /twilio/purchase-number')).toEqual([
      {
        route: 'POST /twilio/purchase-number',
        method: 'POST',
        path: '/twilio/purchase-number',
        query: {},
        body: { twilio_number: '+17375550101' },
        authorization: `Bearer ${DEMO.accessToken}`,
      },
    ]);
    expect(requestsTo('GET /dashboard/calls')[0].query).toEqual({ page: '2', direction: 'inbound' });
    expect(lastBodyOf('POST /twilio/purchase-number')).toEqual({ twilio_number: '+17375550101' });
    expect(requestLog()).toHaveLength(2);
  });

  it('resetMocks restores the fixtures and clears the log', async () => {
    seedUser({ email: 'temp@example.com' });
    await login();
    resetMocks();
    expect(requestLog()).toHaveLength(0);
    const temp = await callApi('POST', '/auth/login', {
      body: { email: 'temp@example.com', password: 'password123' },
    });
    expect(temp.status).toBe(401);
  });
});
