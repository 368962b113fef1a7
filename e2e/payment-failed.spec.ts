// Journey: a payment that fails, as its subscriber lives it. The card on file is one whose charges
// fail (Stripe's 4000 0000 0000 0341, entered in the billing portal); at the trial's end the year's
// charge fails: a mail says how much and when it is tried again, and the dashboard shows one banner,
// the failed payment's, with Update card. A good card entered there pays it: the receipt comes and the
// banner goes.
import type { Page } from '@playwright/test';
import { advanceBillingClock, mailTo } from './support/api';
import { expect, test } from './support/fixtures';
import { expectPath, see } from './support/flows';

async function enterCard(portal: Page, cardNumber?: string) {
  await expectPath(portal, /^\/api\/sandbox\/portal\//);
  if (cardNumber) await portal.getByLabel('Card number').fill(cardNumber);
  await portal.getByRole('button', { name: 'Update card' }).click();
  await expectPath(portal, /^\/api\/sandbox\/portal\//);
}

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('a failed payment is mailed and bannered, and a new card pays it', async ({
      signedIn: page,
      subscriber,
    }) => {
      const { person, tokens } = subscriber;
      await see(page, 'Your free trial ends in 14 days');
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Manage Billing' }).click();
      await enterCard(page, '4000 0000 0000 0341');
      await see(page, 'Visa ending in 0341');

      // The trial ends and the year's charge fails.
      const ended = await advanceBillingClock(tokens, 15);
      expect(ended.subscription?.status).toBe('past_due');
      const failed = await mailTo(person.email, 'Your payment of $60.00 did not go through');
      expect(failed.text).toMatch(
        /We could not charge \$60\.00 to your card\. We will try again on \w+ \d{1,2}, \d{4}\./,
      );
      expect(failed.text).toContain('Update your card in billing to keep your number:');

      await page.goto('/dashboard');
      const banner = page.getByRole('alert').filter({ hasText: 'Your last payment failed.' });
      await expect(banner).toContainText(
        'Your last payment failed. Update your card to keep your number: we will try again in a few days.',
      );
      // One banner at a time: the failed payment's, not the trial's.
      await expect(page.getByText(/Your free trial ends in/)).toHaveCount(0);

      await banner.getByRole('button', { name: 'Update card' }).click();
      await enterCard(page);
      const receipt = await mailTo(person.email, 'Receipt: $60.00 for Forwardly Business Line');
      expect(receipt.text).toContain('We charged $60.00 to your card on file.');
      await page.getByRole('link', { name: 'Back to settings' }).click();
      await expectPath(page, '/settings');
      await page.goto('/dashboard');
      await see(page, 'Your business number');
      await expect(page.getByText('Your last payment failed.')).toHaveCount(0);
    });
  });
}
