// Journey: forgot password → the reset link from the mail outbox (DATA_DIR/outbox) → new password → login.
import { latestMailTo, newPerson, registerAndLogin } from './support/api';
import { expect, test } from './support/fixtures';
import { expectPath, expectStorage, see } from './support/flows';

test.describe(() => {
  test.use({ device: 'phone' });

  test('a person resets a forgotten password from the emailed link and signs in with the new one', async ({
    page,
  }) => {
    const person = newPerson('reset');
    await registerAndLogin(person);
    await page.goto('/login');
    await page.getByRole('link', { name: /forgot/i }).click();
    await expectPath(page, '/forgot-password');
    await page.getByRole('button', { name: /send|reset/i }).click();
    await see(page, 'Please enter your email address');
    await page.getByLabel(/email/i).fill(person.email);
    await page.getByRole('button', { name: /send|reset/i }).click();
    await see(page, 'Check your email');
    await see(page, 'Reset instructions sent to your email');

    const mail = await latestMailTo(person.email);
    const link = (mail.links ?? mail.text.match(/https?:\/\/\S+/g) ?? []).find((l) =>
      l.includes('/reset-password?token='),
    );
    expect(link, `the reset mail holds a /reset-password?token= link: ${mail.text}`).toBeDefined();
    expect(link!.startsWith('http://127.0.0.1:'), `the link points at APP_URL: ${link}`).toBe(true);

    await page.goto(link!);
    // The token leaves the address bar (and so history and later referrers) once the page has read it.
    await expectPath(page, /^\/reset-password$/);
    const newPassword = 'a brand new passphrase 2';
    await page.getByLabel(/^new password/i).fill(newPassword);
    await page.getByLabel(/confirm/i).fill('something else entirely');
    await page.getByRole('button', { name: /reset|save|set|change/i }).click();
    await see(page, 'Passwords do not match');
    await page.getByLabel(/confirm/i).fill(newPassword);
    await page.getByRole('button', { name: /reset|save|set|change/i }).click();
    await see(page, 'Password reset successful!');
    await expectPath(page, '/login');

    await page.getByLabel(/email/i).fill(person.email);
    await page.getByLabel(/^password/i).fill(person.password);
    await page.getByRole('button', { name: /sign in|log in|login/i }).click();
    await see(page, 'Invalid email or password');

    await page.getByLabel(/^password/i).fill(newPassword);
    await page.getByRole('button', { name: /sign in|log in|login/i }).click();
    await see(page, 'Login successful!');
    await expectPath(page, '/dashboard');
    await expectStorage(page, { access_token: /^ey/, refresh_token: /.{20,}/ });
    // No trial was started for this account, so the guard shows the Subscription Required screen.
    await see(page, 'Subscription Required');
  });
});

test('the reset page without a token says the link is invalid and offers a new request', async ({ page }) => {
  await page.goto('/reset-password');
  await see(page, 'Invalid Reset Link');
  await page
    .getByRole('link', { name: /request|new|forgot|reset/i })
    .or(page.getByRole('button', { name: /request|new|forgot|reset/i }))
    .first()
    .click();
  await expectPath(page, '/forgot-password');
});
