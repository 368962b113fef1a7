// Every screen at 390×844 (phone) and 1280×800 (desktop): no horizontal scroll, no serious or critical
// axe-core violation, and a screenshot in e2e/.artifacts/screenshots/<screen>-<phone|desktop>.png
// (docs/screenshots/ with `npm run screenshots`).
import { api, newPerson, registerAndLogin, signInContext } from './support/api';
import { checkScreen } from './support/checks';
import { historyRows } from './support/dashboard';
import { expect, test, type Device } from './support/fixtures';
import {
  chooseFirstNumber,
  expectAutomaticCheckout,
  expectPath,
  fillAccount,
  forwardingField,
  see,
} from './support/flows';
import { seedInboundCalls, seedSubscriber, type Subscriber } from './support/seed';

let subscriber: Subscriber;
test.beforeAll(async () => {
  subscriber = await seedSubscriber('screens', '512', '+15125550199');
  await seedInboundCalls(subscriber, 12);
});

for (const size of ['phone', 'desktop'] as Device[]) {
  test.describe(() => {
    test.use({ device: size });

    test(`signed-out screens (${size})`, async ({ page }) => {
      await page.goto('/');
      await see(page, 'Find Your Number');
      await checkScreen(page, 'landing', size);

      await page.goto('/login');
      await page.getByRole('link', { name: /forgot/i }).waitFor();
      await checkScreen(page, 'login', size);

      await page.goto('/forgot-password');
      await page.getByLabel(/email/i).waitFor();
      await checkScreen(page, 'forgot-password', size);
      await page.getByLabel(/email/i).fill('nobody@example.com');
      await page.getByRole('button', { name: /send|reset/i }).click();
      await see(page, 'Check your email');
      await checkScreen(page, 'forgot-password-sent', size);

      await page.goto('/reset-password?token=example-token');
      await page.getByLabel(/confirm/i).waitFor();
      await checkScreen(page, 'reset-password', size);
      await page.goto('/reset-password');
      await see(page, 'Invalid Reset Link');
      await checkScreen(page, 'reset-password-invalid', size);

      for (const legal of ['terms', 'privacy']) {
        await page.goto(`/${legal}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('link', { name: /back to home/i }).waitFor();
        await checkScreen(page, legal, size);
      }

      await page.goto('/checkout/cancel');
      await page.getByRole('heading').first().waitFor();
      await checkScreen(page, 'checkout-cancel', size);
    });

    test(`onboarding and post-checkout setup screens (${size})`, async ({ context, page }) => {
      await page.goto('/signup?areaCode=555');
      // 555 has no numbers of its own: the nearby area code's numbers show with the yellow notice.
      await page
        .getByRole('alert')
        .filter({ hasText: /nearby/i })
        .waitFor();
      await page
        .getByRole('button', { name: /\(512\) \d{3}-\d{4}/ })
        .first()
        .waitFor();
      await checkScreen(page, 'signup-number', size);
      await chooseFirstNumber(page, '512');
      await forwardingField(page).waitFor();
      await checkScreen(page, 'signup-forwarding', size);
      await forwardingField(page).fill('5125550199');
      await page.getByRole('button', { name: 'Complete Setup' }).click();
      await page.getByRole('button', { name: 'Start Free Trial' }).waitFor();
      await checkScreen(page, 'signup-account', size);
      await fillAccount(page, newPerson(`screens-${size}`));
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      // Signup passes through /trial on its way to checkout; visited again, the page waits for its button.
      await expectAutomaticCheckout(page);
      await page.goto('/trial');
      await see(page, 'Start Your Risk-Free Trial Today');
      await checkScreen(page, 'trial', size);
      await page.getByRole('button', { name: 'Finish Setting Up Trial' }).click();
      await expectPath(page, /^\/api\/sandbox\/checkout\//);
      await page.getByRole('button', { name: 'Start trial' }).waitFor();
      await checkScreen(page, 'sandbox-checkout', size);

      // The setup screen moves on to /dashboard 1.5 s after "You're all set!": hold that one timer back
      // while the screen is checked, then let it run.
      // (A string, not a function: the test's transpiled helpers do not exist in the page.)
      await context.addInitScript(`
        const held = [];
        const realSetTimeout = window.setTimeout.bind(window);
        window.__releaseHeldTimers = () => held.splice(0).forEach((run) => run());
        window.setTimeout = (handler, ms, ...args) => {
          if (ms === 1500 && location.pathname === '/checkout/redirect') {
            held.push(() => handler(...args));
            return 0;
          }
          return realSetTimeout(handler, ms, ...args);
        };
      `);
      await page.getByRole('button', { name: 'Start trial' }).click();
      await see(page, "You're all set!");
      // Its toast fades out after 2 s, and axe judging it mid-fade finds its text unreadable (a CI run
      // on a busy machine): the screen is checked once the toast has gone.
      const toast = page.getByText('Setup completed successfully!');
      await toast.waitFor();
      await toast.waitFor({ state: 'detached' });
      await checkScreen(page, 'setup-complete', size);
      await page.evaluate(() =>
        (window as unknown as { __releaseHeldTimers: () => void }).__releaseHeldTimers(),
      );
      await expectPath(page, '/dashboard');
    });

    test(`signed-in screens (${size})`, async ({ page }) => {
      await signInContext(page, subscriber.tokens);
      await page.goto('/dashboard');
      await expect(historyRows(page).first(), 'the call history loads').toBeVisible();
      await see(page, 'Your free trial ends in 14 days');
      await checkScreen(page, 'dashboard', size);

      await page
        .getByRole('textbox', { name: /number to call|phone number|dial|call/i })
        .first()
        .pressSequentially('4155550123');
      await page.getByRole('button', { name: 'Call', exact: true }).click();
      await page.getByRole('dialog').waitFor();
      await see(page, 'Call initiated successfully');
      await checkScreen(page, 'call-modal', size);
      // One call at a time: let this one end before the next size places its own.
      await see(page.getByRole('dialog'), 'Call ended');
      await page.keyboard.press('Escape');

      await page.goto('/settings');
      await see(page, 'Cannot be changed');
      await checkScreen(page, 'settings', size);
      await page.getByRole('button', { name: 'Change', exact: true }).click();
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await checkScreen(page, 'settings-edit', size);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Manage Billing' }).click();
      await expectPath(page, /^\/api\/sandbox\/portal\//);
      await checkScreen(page, 'sandbox-portal', size);
    });

    test(`subscription required, setup error and setup from scratch (${size})`, async ({ page }) => {
      const person = newPerson(`nosub-${size}`);
      const tokens = await registerAndLogin(person);
      await signInContext(page, tokens);
      await page.goto('/dashboard');
      await see(page, 'Subscription Required');
      await checkScreen(page, 'subscription-required', size);
      for (const action of ['Subscribe Now', 'Contact Support', 'Sign Out']) {
        await page
          .getByRole('link', { name: action })
          .or(page.getByRole('button', { name: action }))
          .first()
          .waitFor();
      }

      // Back from checkout without paying: verification finds no subscription.
      await page.goto('/checkout/redirect');
      await see(
        page,
        'There was a problem setting up your subscription. Please try again or contact support.',
      );
      await page.getByRole('button', { name: 'Try Again' }).waitFor();
      await page.getByRole('link', { name: 'Need Help? Contact Support' }).waitFor();
      await checkScreen(page, 'setup-error', size);

      // A paid checkout with nothing chosen yet: the setup screen asks for a number, then forwarding.
      const { url } = await api<{ url: string }>('POST', '/billing/create-checkout-session', {
        token: tokens.access_token,
      });
      await page.goto(url);
      await page.getByRole('button', { name: 'Start trial' }).click();
      await expectPath(page, '/checkout/redirect');
      await see(page, 'Choose your business number');
      await checkScreen(page, 'setup-choose-number', size);
      await page.getByLabel(/area code/i).fill('718');
      await page.getByLabel(/area code/i).press('Enter');
      await chooseFirstNumber(page, '718');
      await expect(forwardingField(page)).toBeVisible();
      await checkScreen(page, 'setup-forwarding', size);
      await forwardingField(page).fill('7185550299');
      await page.getByRole('button', { name: 'Complete Setup' }).click();
      await see(page, "You're all set!");
      await expectPath(page, '/dashboard');
      await see(page, 'Your free trial ends in 14 days');
    });
  });
}
