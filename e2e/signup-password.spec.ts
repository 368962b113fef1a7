// Journey: choosing a password at sign-up, at phone and desktop size. The rules are said beside the
// field before anything is typed; a password they refuse is said once in the form and nothing is sent;
// the toggle shows what was typed; a good one goes on to checkout.
import { expect, test } from './support/fixtures';
import {
  chooseFirstNumber,
  expectAutomaticCheckout,
  fillAccount,
  forwardingField,
  see,
} from './support/flows';
import { newPerson } from './support/api';

const RULES = 'At least 10 characters, not only spaces, and not a common or easily guessed password.';

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('the password rules are shown and enforced, and the password can be shown', async ({ page }) => {
      await page.goto('/signup?areaCode=512');
      await chooseFirstNumber(page, '512');
      await forwardingField(page).fill('5125550199');
      await page.getByRole('button', { name: 'Complete Setup' }).click();
      const password = page.getByLabel(/^password/i);
      await expect(password).toHaveAccessibleDescription(RULES);

      const person = newPerson(`password-${device}`);
      await fillAccount(page, { ...person, password: 'password12' });
      const registering: string[] = [];
      page.on('request', (r) => void (r.url().endsWith('/api/auth/register') && registering.push(r.url())));
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await see(page, 'This password is too common or easy to guess. Please choose another.');
      await expect(page.getByText('This password is too common or easy to guess.')).toHaveCount(1);
      expect(registering, 'a refused password is not sent').toEqual([]);

      await expect(password).toHaveAttribute('type', 'password');
      const toggle = page.getByRole('button', { name: 'Show password' });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(password).toHaveAttribute('type', 'text');
      await expect(password).toHaveValue('password12');

      await password.fill(person.password);
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await expectAutomaticCheckout(page);
    });
  });
}
