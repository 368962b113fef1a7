// Journey: sessions — an expired or garbage access token is refreshed silently (the page keeps working and
// a new access_token is stored); a revoked refresh token lands on /login with the tokens removed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { api, signInContext } from './support/api';
import { storage } from './support/checks';
import { expect, test } from './support/fixtures';
import { expectPath, expectStorage, see } from './support/flows';

/** The same session's access token, signed with the server's secret but expired a minute ago. */
async function expiredTwin(dataDir: string, accessToken: string) {
  const secret = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
  const claims = decodeJwt(accessToken);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuer(String(claims.iss))
    .setAudience(claims.aud as string)
    .setIssuedAt(now - 16 * 60)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(secret));
}

test('an expired access token is refreshed silently and the dashboard still works', async ({
  page,
  subscriber,
  dataDir,
}) => {
  const expired = await expiredTwin(dataDir, subscriber.tokens.access_token);
  await api('GET', '/dashboard/phone-number', { token: expired, expect: 401 });
  await signInContext(page, { access_token: expired, refresh_token: subscriber.tokens.refresh_token });
  await page.goto('/dashboard');
  await see(page, 'Make a Call');
  await see(page, 'No calls yet');
  await expectPath(page, '/dashboard');
  await expectStorage(page, { access_token: /^ey/ });
  const stored = await storage(page);
  expect(stored.access_token, 'a new access token replaced the expired one').not.toBe(expired);
  expect(stored.refresh_token, 'the refresh token rotated').not.toBe(subscriber.tokens.refresh_token);
  await api('GET', '/dashboard/phone-number', { token: stored.access_token ?? '' });
});

test.describe(() => {
  test.use({ device: 'phone' });

  test('a garbage access token is refreshed silently too', async ({ page, subscriber }) => {
    await signInContext(page, { access_token: 'garbage', refresh_token: subscriber.tokens.refresh_token });
    await page.goto('/settings');
    await see(page, 'Cannot be changed');
    await expectStorage(page, { access_token: /^ey/ });
  });
});

test('after logout elsewhere the revoked refresh token sends the page to /login and clears the tokens', async ({
  signedIn: page,
  subscriber,
  newPage,
}) => {
  // The same session open in a second browser context (another tab or device) signs out there.
  const other = await newPage('phone', subscriber.tokens);
  await other.goto('/dashboard');
  await see(page, 'Make a Call');
  await see(other, 'Make a Call');
  await other.getByRole('button', { name: 'Sign Out' }).click();
  await see(other, 'Logged out successfully');
  await api('POST', '/auth/refresh', { token: subscriber.tokens.refresh_token, expect: 401 });
  // The first context's next call with an expired access token must refresh, and cannot.
  await page.evaluate(() => localStorage.setItem('access_token', 'expired-or-garbage'));
  await page.reload();
  await expectPath(page, '/login');
  await expectStorage(page, { access_token: null, refresh_token: null });
});

test.describe(() => {
  test.use({ device: 'phone' });

  test('garbage in both tokens lands on /login', async ({ page }) => {
    await signInContext(page, { access_token: 'garbage', refresh_token: 'garbage' });
    await page.goto('/dashboard');
    await expectPath(page, '/login');
    await expectStorage(page, { access_token: null, refresh_token: null });
    await see(page, /forgot/i);
  });

  test('signing out from the dashboard ends the session on the server too', async ({
    signedIn: page,
    subscriber,
  }) => {
    await see(page, 'Make a Call');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await see(page, 'Logged out successfully');
    await expectPath(page, '/');
    await expectStorage(page, { access_token: null, refresh_token: null });
    await api('POST', '/auth/refresh', { token: subscriber.tokens.refresh_token, expect: 401 });
    // The access token stops at once, not when it expires.
    await api('GET', '/dashboard/phone-number', { token: subscriber.tokens.access_token, expect: 401 });
    await page.goto('/dashboard');
    await expectPath(page, '/');
  });
});

test('two tabs stay signed in across refreshes, and Sign Out in one signs both out at once', async ({
  context,
  signedIn: tabA,
  dataDir,
}) => {
  const tabB = await context.newPage();
  await tabB.goto('/dashboard');
  await see(tabA, 'Make a Call');
  await see(tabB, 'Make a Call');
  // The tabs share storage: each refresh spends the refresh token the other tab holds too.
  const expire = async () => {
    const { access_token } = await storage(tabA);
    const expired = await expiredTwin(dataDir, access_token!);
    await tabA.evaluate((token) => localStorage.setItem('access_token', token), expired);
    return expired;
  };
  for (const tab of [tabA, tabB, tabA]) {
    await expire();
    await tab.reload();
    await see(tab, 'Make a Call');
    await expectPath(tab, '/dashboard');
  }
  // Both at once, with the same refresh token: neither is signed out.
  const expired = await expire();
  await Promise.all([tabA.reload(), tabB.reload()]);
  await see(tabA, 'Make a Call');
  await see(tabB, 'Make a Call');
  await expectPath(tabA, '/dashboard');
  await expectPath(tabB, '/dashboard');
  // The refreshed token reaches storage a moment after the page shows (persistence is async).
  await expect.poll(async () => (await storage(tabB)).access_token).not.toBe(expired);
  const { access_token } = await storage(tabB);
  await api('GET', '/dashboard/phone-number', { token: access_token! });

  // The page signs out at once and tells the server in the background: wait for the server's answer.
  const told = tabA.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
  await tabA.getByRole('button', { name: 'Sign Out' }).click();
  await see(tabA, 'Logged out successfully');
  await expectPath(tabB, '/login');
  expect((await told).status()).toBe(204);
  await api('GET', '/dashboard/phone-number', { token: access_token!, expect: 401 });
});
