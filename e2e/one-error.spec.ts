// Journey: a refusal with a reason is said where it belongs. At phone and desktop size, dialling a
// premium-rate number (refused in the browser) or the subscriber's own business number (refused by the
// server, 400 with its sentence) shows that sentence under the dialler, and no call starts. (That no
// generic toast joins it is checked in MakeCallRefusals.test.tsx, where the toaster is under the test's hand.)
import { dialField } from './support/dashboard';
import { expect, test } from './support/fixtures';
import { see } from './support/flows';

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('a refused number gets its reason under the dialler', async ({ signedIn: page, subscriber }) => {
      const call = page.getByRole('button', { name: 'Call', exact: true });
      const reasonOf = () => dialField(page).getAttribute('aria-describedby');

      await dialField(page).fill('9005550123');
      await call.click();
      await see(page, '+1 900 numbers are premium-rate lines; Forwardly does not call or forward to them.');
      await expect(dialField(page)).toHaveAttribute('aria-invalid', 'true');
      expect(await page.locator(`#${await reasonOf()}`).textContent()).toContain('premium-rate');

      await dialField(page).fill(subscriber.business.replace(/^\+1/, ''));
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/twilio/create-call'));
      await call.click();
      expect((await answered).status()).toBe(400);
      await see(page, 'You cannot call your own business number.');
      expect(await page.locator(`#${await reasonOf()}`).textContent()).toBe(
        'You cannot call your own business number.',
      );
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
}
