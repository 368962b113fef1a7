// The app shell: title, health, unknown paths, legal pages and the form checks a person meets first.
import { signInContext } from './support/api';
import { expect, test } from './support/fixtures';
import { expectPath, see } from './support/flows';

test('the built app is served, titled Forwardly, and unknown paths go home', async ({ page }) => {
  await page.goto('/');
  expect(await page.title()).toBe('Forwardly');
  const health = await page.request.get('/api/health');
  expect(health.status()).toBe(200);
  await page.goto('/no/such/page');
  await expectPath(page, '/');

  // Legal pages load their markdown and link back home; the footer links to both.
  await page.getByRole('contentinfo').getByRole('link', { name: /terms/i }).click();
  await expectPath(page, '/terms');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('link', { name: /back to home/i }).click();
  await expectPath(page, '/');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: /privacy/i })
    .click();
  await expectPath(page, '/privacy');
  await page.getByRole('heading', { level: 1 }).waitFor();

  // Login and signup refuse empty forms with the spec's words.
  await page.goto('/login');
  await page.getByRole('checkbox', { name: 'Remember me' }).waitFor();
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await see(page, 'Please fill in all fields');
  await page.goto('/signup');
  await page.getByRole('button', { name: /search/i }).click();
  await see(page, 'Please enter an area code');
});

test.describe(() => {
  test.use({ device: 'phone' });

  test('signed in, unknown paths go to the dashboard and settings lead back to it', async ({
    page,
    subscriber,
  }) => {
    await signInContext(page, subscriber.tokens);
    await page.goto('/no/such/page');
    await expectPath(page, '/dashboard');
    await page.getByRole('link', { name: 'Settings' }).click();
    await expectPath(page, '/settings');
    await page.getByRole('link', { name: /back to dashboard/i }).click();
    await expectPath(page, '/dashboard');
    await see(page, 'Make a Call');
  });
});
