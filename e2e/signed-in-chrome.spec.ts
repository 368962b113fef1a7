// Journey: every signed-in page has the same app header, and the legal texts stay reachable signed in.
// The dashboard and settings show one "Account" navigation (name, Settings, Sign Out); the footer's Terms
// of Service opens the terms over the page (the signed-in route table keeps /terms for itself: typed in,
// it still goes to /dashboard), as settings' privacy policy link does.
import { checkScreen } from './support/checks';
import { expect, test } from './support/fixtures';
import { expectPath, see } from './support/flows';

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('the same header on the dashboard and settings; the terms and privacy open in a dialog', async ({
      signedIn: page,
    }) => {
      const header = page.getByRole('navigation', { name: 'Account' });
      await see(page, 'Make a Call');
      await expect(header.getByRole('link', { name: 'Forwardly' })).toHaveAttribute('aria-current', 'page');
      await header.getByRole('link', { name: 'Settings' }).click();
      await expectPath(page, '/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expect(header).toHaveCount(1);
      await expect(header.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
      await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();

      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
      const terms = page.getByRole('dialog', { name: 'Terms of Service' });
      await see(terms, '14-day free trial');
      await expectPath(page, '/settings');
      await checkScreen(page, 'legal-dialog', device);
      await terms.getByRole('button', { name: 'Close' }).click();
      await expect(terms).toHaveCount(0);

      await page
        .getByRole('region', { name: 'Delete account' })
        .getByRole('link', { name: 'privacy policy' })
        .click();
      await see(page.getByRole('dialog', { name: 'Privacy Policy' }), 'Call records:');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

      await header.getByRole('link', { name: 'Forwardly' }).click();
      await expectPath(page, '/dashboard');
      await page.goto('/terms');
      await expectPath(page, '/dashboard');
    });
  });
}
