// Accessibility: signup and placing a call completed with the keyboard only (Tab, Shift+Tab, Enter, Space
// and typing), never the mouse; after the call dialog focus is back on the dialler, and a page reached
// in the app focuses its heading without drawing a focus box around it.
import { newPerson } from './support/api';
import { dialField, historyRegion } from './support/dashboard';
import { expect, test } from './support/fixtures';
import { expectAutomaticCheckout, expectPath, expectStorage, see, tabTo } from './support/flows';

test('signup from the landing page to the dashboard with the keyboard only', async ({ page }) => {
  const person = newPerson('keyboard');
  await page.goto('/');
  const k = page.keyboard;
  await tabTo(page, page.getByLabel('Area code'), 'the area code field');
  await k.type('415');
  await k.press('Enter');
  await expectPath(page, /^\/signup\?areaCode=415$/);

  const firstNumber = page.getByRole('button', { name: /\(415\) \d{3}-\d{4}/ }).first();
  await firstNumber.waitFor();
  await tabTo(page, firstNumber, 'the first available number');
  await k.press('Enter');
  await expectStorage(page, { onboardingStep: 'forward', selectedNumber: /^\+1415/ });

  await tabTo(page, page.getByLabel(/forwarding/i).first(), 'the forwarding number field');
  await k.type('4155550142');
  await tabTo(page, page.getByRole('button', { name: 'Complete Setup' }), 'Complete Setup');
  await k.press('Enter');
  await expectStorage(page, { onboardingStep: 'signup', forwardingNumber: '+14155550142' });

  await tabTo(page, page.getByLabel(/full name|^name/i), 'the name field');
  await k.type(person.name);
  await tabTo(page, page.getByLabel(/email/i), 'the email field');
  await k.type(person.email);
  await tabTo(page, page.getByLabel(/^password/i), 'the password field');
  await k.type(person.password);
  await tabTo(page, page.getByRole('checkbox'), 'the terms checkbox');
  await k.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Start Free Trial' }), 'Start Free Trial');
  await k.press('Enter');

  await expectAutomaticCheckout(page);
  await expectPath(page, /^\/api\/sandbox\/checkout\//);
  await tabTo(page, page.getByRole('button', { name: 'Start trial' }), 'Start trial');
  await k.press('Enter');
  await see(page, "You're all set!");
  await expectPath(page, '/dashboard');
  await see(page, 'Your free trial ends in 14 days');
});

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('placing a call with the keyboard only', async ({ signedIn: page }) => {
      await see(page, 'Make a Call');
      const k = page.keyboard;
      await tabTo(page, dialField(page), 'the number to call');
      await k.type('2125550177');
      await tabTo(page, page.getByRole('button', { name: 'Call', exact: true }), 'the Call button');
      // The success toast lasts 2 s: watched for from before the key press, so a busy machine cannot miss it.
      const toasted = page.getByText('Call initiated successfully').waitFor();
      await k.press('Enter');
      await page.getByRole('dialog').waitFor();
      await toasted;
      await k.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      // Focus is back where the next call starts.
      await expect(dialField(page)).toBeFocused();
      await see(historyRegion(page), '(212) 555-0177');

      // An in-app navigation puts focus on the new page's heading, for screen readers: no focus box
      // is drawn around it (it is not a control).
      await tabTo(page, page.getByRole('link', { name: 'Settings' }), 'the Settings link');
      await k.press('Enter');
      const heading = page.getByRole('heading', { level: 1, name: 'Settings' });
      await expect(heading).toBeFocused();
      expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe('none');
    });
  });
}
