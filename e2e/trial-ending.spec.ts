// Journey: a trial's end, as its subscriber lives it on the sandbox's billing clock (the browser's own
// clock never moves). 11 days in, the reminder mail names the day, the $60.00 and the card the welcome
// mail named; the banner, read on that day, says the same amount and date and leads to billing; two days
// on it says "1 day". At the trial's end the year is charged: a receipt in the outbox, the banner gone.
import { advanceBillingClock, latestMailTo, mailTo } from './support/api';
import { expect, test } from './support/fixtures';
import { expectPath, see, shownDay } from './support/flows';

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('the trial-ending reminder and banner name the charge, then the receipt comes', async ({
      signedIn: page,
      subscriber,
    }) => {
      const { person, tokens } = subscriber;
      await see(page, 'Your free trial ends in 14 days');
      const welcome = await latestMailTo(person.email);
      const card = /Visa ending in \d{4}/.exec(welcome.text)?.[0];
      expect(card, 'the welcome mail names the card').toBeDefined();

      // 11 days on: 3 days left, and Stripe's trial_will_end reminder.
      const eleven = await advanceBillingClock(tokens, 11);
      const trialEnd = eleven.subscription!.current_period_end!;
      const reminder = await mailTo(person.email, `Your free trial ends on ${shownDay(trialEnd)}`);
      expect(reminder.text).toContain(
        `Your free trial ends on ${shownDay(trialEnd)}. Then $60.00 for the year will be charged to ${card}`,
      );
      expect(reminder.text).toContain('To cancel at no charge');

      // The banner counts on the account's billing clock, the browser's clock left as it is.
      await page.reload();
      const banner = page.getByRole('alert').filter({ hasText: 'Your free trial ends in' });
      await expect(banner).toHaveText(
        new RegExp(
          `^Your free trial ends in 3 days: \\$60\\.00 for the year will be charged on ${shownDay(trialEnd)}`,
        ),
      );
      await banner.getByRole('button', { name: 'Billing' }).click();
      await expectPath(page, /^\/api\/sandbox\/portal\//);
      await page.goBack();
      await expectPath(page, '/dashboard');

      // 2 days more: the last day, "1 day" (the spec's singular), its charge still named.
      const thirteen = await advanceBillingClock(tokens, 2);
      expect(thirteen.subscription?.status).toBe('trialing');
      await page.reload();
      await expect(banner).toHaveText(
        new RegExp(
          `^Your free trial ends in 1 day: \\$60\\.00 for the year will be charged on ${shownDay(trialEnd)}`,
        ),
      );

      // The trial ends: the year is charged to the card, its receipt mailed, and the banner goes.
      await advanceBillingClock(tokens, 2);
      const receipt = await mailTo(person.email, 'Receipt: $60.00 for Forwardly Business Line');
      expect(receipt.text).toContain('We charged $60.00 to your card on file.');
      await page.reload();
      await see(page, 'Your business number');
      await expect(page.getByText(/Your free trial ends in/)).toHaveCount(0);
      await expect(page.getByRole('alert').filter({ hasText: /payment|cancelled/ })).toHaveCount(0);
    });
  });
}
