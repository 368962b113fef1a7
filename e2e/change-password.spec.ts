// Journey: Settings shows who is signed in and changes the password. A wrong current password is
// said once under its field; the right one changes it ("Password changed"), signs out every other
// device but not this one, and mails the owner. Then only the new password signs in.
import { api, latestMailTo, type Tokens } from './support/api';
import { checkScreen } from './support/checks';
import { expect, test } from './support/fixtures';
import { expectPath, see } from './support/flows';

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('a subscriber changes the password from Settings; other devices are signed out', async ({
      signedIn: page,
      subscriber,
    }) => {
      const { person } = subscriber;
      const elsewhere = await api<Tokens>('POST', '/auth/login', {
        body: { email: person.email, password: person.password },
      });
      await page.goto('/settings');
      await expectPath(page, '/settings');
      const account = page.getByRole('region', { name: 'Account' });
      await see(account, person.name);
      await see(account, person.email);
      await checkScreen(page, 'settings-account', device);

      const form = account.getByRole('form', { name: 'Change password' });
      const current = form.getByLabel(/^Current password/);
      const newPassword = 'a fresh passphrase for e2e';
      await current.fill('not my password');
      await form.getByLabel(/^New password/).fill(newPassword);
      await form.getByLabel(/^Confirm new password/).fill(newPassword);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(current).toHaveAccessibleDescription(
        'Your current password is not right. Please try again.',
      );
      await expect(page.getByText(/Failed to change password/)).toHaveCount(0);

      await current.fill(person.password);
      await form.getByRole('button', { name: 'Change password' }).click();
      await see(page, 'Password changed');
      await expect(current).toHaveValue('');

      // The other device's session has ended; this one still works after a reload.
      await api('POST', '/auth/refresh', { token: elsewhere.refresh_token, expect: 401 });
      await page.reload();
      await see(page.getByRole('region', { name: 'Account' }), person.email);
      await expectPath(page, '/settings');

      const mail = await latestMailTo(person.email);
      expect(mail.subject).toBe('Your Forwardly password was changed');
      await api('POST', '/auth/login', {
        body: { email: person.email, password: person.password },
        expect: 401,
      });
      await api('POST', '/auth/login', { body: { email: person.email, password: newPassword } });
    });
  });
}
