// Journey: landing area-code search → signup steps → sandbox checkout → post-checkout setup →
// "You're all set!" → dashboard with the trial banner; and checkout cancelled → /checkout/cancel → resume.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPerson } from './support/api';
import { newPage, TEST_TIMEOUT, useBrowser } from './support/browser';
import { storage } from './support/checks';
import {
  chooseFirstNumber,
  eventually,
  expectPath,
  expectStorage,
  fillAccount,
  forwardingField,
  payOnSandboxCheckout,
  see,
  expectAutomaticCheckout,
} from './support/flows';

useBrowser();

test(
  'a visitor finds a number by area code, signs up, starts the trial and lands on the dashboard',
  { timeout: TEST_TIMEOUT },
  async () => {
    const { context, page } = await newPage('desktop');
    try {
      const person = newPerson('signup');
      await page.goto('/');
      await page.getByLabel('Area code').pressSequentially('5a1b2');
      // Typed before the page has come alive, the letters go once it does.
      await eventually(
        async () => (await page.getByLabel('Area code').inputValue()) === '512',
        'the area code keeps digits only',
      );
      await page.getByRole('button', { name: 'Find Your Number' }).click();
      await expectPath(page, /^\/signup\?areaCode=512$/);

      // Step 1: the prefilled search runs at once.
      await see(page, 'Choose your business number');
      const business = await chooseFirstNumber(page, '512');
      await expectStorage(page, { selectedNumber: business, onboardingStep: 'forward' });

      // Step 2: the chosen number is shown; the Back link returns to it, highlighted as "Selected".
      await page.getByRole('button', { name: 'Complete Setup' }).click();
      await see(page, 'Please enter a forwarding number');
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expectStorage(page, { onboardingStep: 'search', selectedNumber: business });
      const shown = `(${business.slice(2, 5)}) ${business.slice(5, 8)}-${business.slice(8)}`;
      const chosen = page.getByRole('button', { name: shown });
      await see(chosen, 'Selected');
      assert.equal(await chosen.getAttribute('aria-pressed'), 'true');
      await chosen.click();
      await expectStorage(page, { onboardingStep: 'forward' });
      await see(page, shown);

      // Forwarding number, formatted as typed (a leading 1 is dropped).
      await forwardingField(page).pressSequentially('15125550199');
      assert.equal(await forwardingField(page).inputValue(), '(512) 555-0199');
      await page.getByRole('button', { name: 'Complete Setup' }).click();
      await expectStorage(page, { forwardingNumber: '+15125550199', onboardingStep: 'signup' });

      // Step 3: account; the terms checkbox is required.
      await page.getByLabel(/full name|^name/i).fill(person.name);
      await page.getByLabel(/email/i).fill(person.email);
      await page.getByLabel(/^password/i).fill(person.password);
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await see(page, 'Please accept the terms of service and privacy policy');
      await fillAccount(page, person);
      await page.getByRole('button', { name: 'Start Free Trial' }).click();

      await expectAutomaticCheckout(page);
      await payOnSandboxCheckout(page);
      await see(page, "You're all set!", 30_000);
      await expectPath(page, '/dashboard', 30_000);
      await see(page, 'Your free trial ends in 14 days', 20_000);
      await expectStorage(page, {
        access_token: /^ey/,
        refresh_token: /.{20,}/,
        selectedNumber: business,
        forwardingNumber: '+15125550199',
      });
      console.log(
        `  storage after setup: ${JSON.stringify({ ...(await storage(page)), access_token: '…', refresh_token: '…' })}`,
      );
    } finally {
      await context.close();
    }
  },
);

test(
  'a cancelled checkout lands on /checkout/cancel and can be resumed',
  { timeout: TEST_TIMEOUT },
  async () => {
    const { context, page } = await newPage('phone');
    try {
      const person = newPerson('cancel');
      await page.goto('/signup?areaCode=737');
      await chooseFirstNumber(page, '737');
      await forwardingField(page).fill('7375550123');
      await page.getByRole('button', { name: 'Complete Setup' }).click();
      await fillAccount(page, person);
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await expectAutomaticCheckout(page);

      await expectPath(page, /^\/api\/sandbox\/checkout\//, 30_000);
      await page.getByRole('link', { name: 'Cancel' }).click();
      await expectPath(page, '/checkout/cancel');
      await expectStorage(page, { access_token: /^ey/ });

      // Resume leads back to the trial explainer, whose button starts a new checkout.
      await page.getByRole('link', { name: 'Resume Setting Up Trial' }).click();
      await expectPath(page, '/trial');
      const finish = page.getByRole('button', { name: 'Finish Setting Up Trial' });
      await finish.waitFor();
      assert.ok(await finish.isEnabled(), 'the trial page is not busy when reached from the cancel page');
      await finish.click();
      await payOnSandboxCheckout(page);
      await see(page, "You're all set!", 30_000);
      await expectPath(page, '/dashboard', 30_000);
      await see(page, 'Your free trial ends in 14 days', 20_000);
    } finally {
      await context.close();
    }
  },
);

test(
  'an area code without numbers shows the yellow notice naming the searched code',
  { timeout: TEST_TIMEOUT },
  async () => {
    const { context, page } = await newPage('phone');
    try {
      await page.goto('/signup?areaCode=555');
      await page
        .getByRole('button', { name: /\(512\) \d{3}-\d{4}/ })
        .first()
        .waitFor();
      const notice = page.getByRole('alert').filter({ hasText: /nearby/i });
      const text = (await notice.innerText()).replace(/\s+/g, ' ');
      // The person searched 555 and is shown 512 numbers: the notice must not say 512 had none.
      assert.ok(
        text.includes('555') && !/found in area code 512/.test(text),
        `the notice names the searched area code 555, not the nearby 512 it shows: "${text}"`,
      );
    } finally {
      await context.close();
    }
  },
);
