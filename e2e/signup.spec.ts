// Journey: landing area-code search → signup steps → sandbox checkout → post-checkout setup →
// "You're all set!" → dashboard with the trial banner; and checkout cancelled → /checkout/cancel → resume.
import { newPerson } from './support/api';
import { storage } from './support/checks';
import { expect, test } from './support/fixtures';
import {
  chooseFirstNumber,
  expectAutomaticCheckout,
  expectPath,
  expectStorage,
  fillAccount,
  forwardingField,
  payOnSandboxCheckout,
  see,
} from './support/flows';

test('a visitor finds a number by area code, signs up, starts the trial and lands on the dashboard', async ({
  page,
}) => {
  const person = newPerson('signup');
  await page.goto('/');
  await page.getByLabel('Area code').pressSequentially('5a1b2');
  // Typed before the page has come alive, the letters go once it does.
  await expect(page.getByLabel('Area code'), 'the area code keeps digits only').toHaveValue('512');
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
  expect(await chosen.getAttribute('aria-pressed')).toBe('true');
  await chosen.click();
  await expectStorage(page, { onboardingStep: 'forward' });
  await see(page, shown);

  // Forwarding number, formatted as typed (a leading 1 is dropped).
  await forwardingField(page).pressSequentially('15125550199');
  await expect(forwardingField(page)).toHaveValue('(512) 555-0199');
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
  await see(page, "You're all set!");
  await expectPath(page, '/dashboard');
  await see(page, 'Your free trial ends in 14 days');
  await expectStorage(page, {
    access_token: /^ey/,
    refresh_token: /.{20,}/,
    selectedNumber: business,
    forwardingNumber: '+15125550199',
  });
  console.log(
    `  storage after setup: ${JSON.stringify({ ...(await storage(page)), access_token: '…', refresh_token: '…' })}`,
  );
});

test.describe(() => {
  test.use({ device: 'phone' });

  test('a cancelled checkout lands on /checkout/cancel and can be resumed', async ({ page }) => {
    const person = newPerson('cancel');
    await page.goto('/signup?areaCode=737');
    await chooseFirstNumber(page, '737');
    await forwardingField(page).fill('7375550123');
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await fillAccount(page, person);
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await expectAutomaticCheckout(page);

    await expectPath(page, /^\/api\/sandbox\/checkout\//);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expectPath(page, '/checkout/cancel');
    await expectStorage(page, { access_token: /^ey/ });

    // Resume leads back to the trial explainer, whose button starts a new checkout.
    await page.getByRole('link', { name: 'Resume Setting Up Trial' }).click();
    await expectPath(page, '/trial');
    const finish = page.getByRole('button', { name: 'Finish Setting Up Trial' });
    await finish.waitFor();
    expect(await finish.isEnabled(), 'the trial page is not busy when reached from the cancel page').toBe(
      true,
    );
    await finish.click();
    await payOnSandboxCheckout(page);
    await see(page, "You're all set!");
    await expectPath(page, '/dashboard');
    await see(page, 'Your free trial ends in 14 days');
  });

  test('an area code without numbers shows the yellow notice naming the searched code', async ({ page }) => {
    await page.goto('/signup?areaCode=555');
    await page
      .getByRole('button', { name: /\(512\) \d{3}-\d{4}/ })
      .first()
      .waitFor();
    const notice = page.getByRole('alert').filter({ hasText: /nearby/i });
    const text = (await notice.innerText()).replace(/\s+/g, ' ');
    // The person searched 555 and is shown 512 numbers: the notice must not say 512 had none.
    expect(
      text.includes('555') && !/found in area code 512/.test(text),
      `the notice names the searched area code 555, not the nearby 512 it shows: "${text}"`,
    ).toBe(true);
  });
});
