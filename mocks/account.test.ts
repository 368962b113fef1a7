import { DEMO } from './fixtures';
import { db } from './db';
import { callApi } from './testApi';

describe('account mocks', () => {
  it('deletes the account with its password: its data goes and its tokens stop', async () => {
    const deleted = await callApi('DELETE', '/account', { body: { password: DEMO.password } });
    expect(deleted).toEqual({ status: 204, body: null });
    expect(db.users.some((u) => u.email === DEMO.email)).toBe(false);
    expect((await callApi('GET', '/dashboard/phone-number')).status).toBe(401);
    expect((await callApi('POST', '/auth/refresh', { token: DEMO.refreshToken })).status).toBe(401);
    const login = await callApi('POST', '/auth/login', {
      body: { email: DEMO.email, password: DEMO.password },
    });
    expect(login.status).toBe(401);
  });
});
