// The app shell: title, health, unknown paths, legal pages and the form checks a person meets first.
import { signInContext } from './support/api';
import { holdEntry } from './support/entry';
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

  test('a signed-in visit to the dashboard asks for its data before the app has loaded, once each', async ({
    page,
    subscriber,
  }) => {
    await signInContext(page, subscriber.tokens);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    // The app's entry waits until the page has asked for the data itself: none of its code is needed.
    const { held } = await holdEntry(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect.poll(() => asked.length).toBeGreaterThanOrEqual(4);
    await (await held).continue();
    await see(page, /of 100 minutes used/);
    for (const request of [
      'GET /api/billing/subscription-status',
      'GET /api/dashboard/phone-number',
      'GET /api/dashboard/usage',
      'GET /api/dashboard/calls?page=1&per_page=10',
    ]) {
      expect(
        asked.filter((sent) => sent === request),
        request,
      ).toHaveLength(1);
    }
  });

  // Over HTTP/1.1 a browser fetches 6 files at a time: the page's code comes in a few larger chunks
  // (scripts/page-chunks-plugin.ts; split module by module it was 28 files). The entry does not
  // reach the numbers endpoints (store/onboardingSlice.ts matches their answer by name), else they
  // are a chunk of their own. 23 since the signed-in pages show the legal texts in a dialog: the
  // bundler split MUI's getActiveElement (250 bytes) out of the entry.
  test('a signed-in visit to the dashboard loads its code in at most 23 scripts', async ({
    page,
    subscriber,
  }) => {
    await signInContext(page, subscriber.tokens);
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto('/dashboard');
    await see(page, /of 100 minutes used/);
    await see(page, 'Call History');
    console.log(`[e2e] the dashboard loaded ${scripts.size} scripts`);
    expect(scripts.size).toBeLessThanOrEqual(23);
  });
});

test.describe(() => {
  test.use({ device: 'phone' });

  // app.html arrives with the dashboard's styles (src/prerender.tsx): Emotion adopts them instead of
  // compiling and inserting each rule while the page first commits.
  test('a signed-in dashboard is styled by the stylesheet it arrived with', async ({ page, subscriber }) => {
    await signInContext(page, subscriber.tokens);
    await page.goto('/dashboard');
    await see(page, /of 100 minutes used/);
    await see(page, 'Call History');
    const notDelivered = await page.evaluate(() => {
      const delivered = new Set(
        [...document.querySelectorAll('style[data-emotion^="css "]')].flatMap((tag) =>
          tag.getAttribute('data-emotion')!.split(' ').slice(1),
        ),
      );
      const usage = document.querySelector('[aria-labelledby="usage-heading"]')!;
      const shown = [
        usage,
        ...usage.querySelectorAll('*'),
        ...document.querySelectorAll('nav *, main h1, main button'),
      ];
      return shown.flatMap((element) =>
        [...element.classList]
          .filter((name) => name.startsWith('css-') && !delivered.has(name.slice(4)))
          .map((name) => `${element.tagName.toLowerCase()}.${name}`),
      );
    });
    expect(notDelivered).toEqual([]);
  });
});
