// Journey: a refusal with a reason is said where it belongs, once. At phone and desktop size, dialling a
// premium-rate number (refused in the browser) or the subscriber's own business number (refused by the
// server, 400 with its sentence) shows that sentence under the dialler, no toast beside it, and no call
// starts; a failure without a reason (the network dropped) is the one that gets the toast.
// (The toast would come in the same render as the sentence: once the sentence shows, its absence holds.)
import { dialField } from './support/dashboard';
import { expect, test } from './support/fixtures';
import { see } from './support/flows';

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('a refused number gets its reason under the dialler', async ({ signedIn: page, subscriber }) => {
      const call = page.getByRole('button', { name: 'Call', exact: true });
      const reasonOf = () => dialField(page).getAttribute('aria-describedby');
      // react-hot-toast's toasts are live regions (role status); nothing else on the dashboard is one.
      const toasts = page.getByRole('status');

      await dialField(page).fill('9005550123');
      await call.click();
      await see(page, '+1 900 numbers are premium-rate lines; Forwardly does not call or forward to them.');
      await expect(dialField(page)).toHaveAttribute('aria-invalid', 'true');
      expect(await page.locator(`#${await reasonOf()}`).textContent()).toContain('premium-rate');
      await expect(page.getByText(/premium-rate lines/)).toHaveCount(1);
      await expect(toasts).toHaveCount(0);

      await dialField(page).fill(subscriber.business.replace(/^\+1/, ''));
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/twilio/create-call'));
      await call.click();
      expect((await answered).status()).toBe(400);
      await see(page, 'You cannot call your own business number.');
      expect(await page.locator(`#${await reasonOf()}`).textContent()).toBe(
        'You cannot call your own business number.',
      );
      await expect(page.getByText('You cannot call your own business number.')).toHaveCount(1);
      await expect(toasts).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Without a reason to show (no answer at all), the failure is said in a toast.
      await page.route('**/api/twilio/create-call', (route) => route.abort('failed'), { times: 1 });
      await dialField(page).fill('4155550123');
      await call.click();
      await expect(toasts.filter({ hasText: 'Failed to initiate call. Please try again.' })).toBeVisible();
      // And it is the only toast: none of the refusals before it left one (a toast lasts 4 s).
      await expect(toasts).toHaveCount(1);
    });
  });
}
