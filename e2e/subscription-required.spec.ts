// Journey: where a subscriber stands without a live plan. A check of the subscription that fails once
// is asked again before anything is concluded; a person who never finished subscribing is offered to
// finish setting up; one whose plan was cancelled and has ended, or ended because its payments kept
// failing (mailed at each failure and when it ends), sees which number is held for them and until when,
// and takes their call history along as a CSV.
import { readFile } from 'node:fs/promises';
import { advanceBillingClock, api, mailTo, newPerson, registerAndLogin, signInContext } from './support/api';
import { checkScreen } from './support/checks';
import { expect, test } from './support/fixtures';
import { expectPath, see, shownDay, shownNumber } from './support/flows';
import { seedInboundCalls, seedSubscriber } from './support/seed';

const SUBSCRIPTION_STATUS = '/api/billing/subscription-status';

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('a failed subscription check is retried before it counts', async ({ page, subscriber }) => {
      const asked: string[] = [];
      page.on(
        'request',
        (r) => void (new URL(r.url()).pathname === SUBSCRIPTION_STATUS && asked.push(r.url())),
      );
      // The network drops the first check.
      await page.route(`**${SUBSCRIPTION_STATUS}`, (route) => route.abort('failed'), { times: 1 });
      await signInContext(page, subscriber.tokens);
      await page.goto('/dashboard');
      await see(page, 'Your free trial ends in 14 days');
      await see(page, 'Your business number');
      await expect(page.getByText('Subscription Required')).toHaveCount(0);
      expect(asked.length, 'asked once more after the failure').toBe(2);
    });

    test('a person who never subscribed is offered to finish setting up', async ({ page }) => {
      const tokens = await registerAndLogin(newPerson(`never-${device}`));
      await signInContext(page, tokens);
      await page.goto('/dashboard');
      await see(page, 'Subscription Required');
      await see(page, 'you have not finished setting it up');
      // The app header of every signed-in page, without Settings (it shows this screen too).
      const header = page.getByRole('navigation', { name: 'Account' });
      await expect(header.getByRole('link', { name: 'Forwardly' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Settings' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Download call history' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Subscribe Now' }).click();
      await expectPath(page, /^\/api\/sandbox\/checkout\//);
      await see(page, 'Start trial');
    });

    test('a cancelled plan that ended shows the held number and its end, and the history downloads', async ({
      page,
    }) => {
      const subscriber = await seedSubscriber(`ended-${device}`, '415', '+14155550188');
      await seedInboundCalls(subscriber, 2);
      await signInContext(page, subscriber.tokens);
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Manage Billing' }).click();
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await see(page, /^Your subscription is cancelled\./);

      // The trial runs out, cancelled: no charge, and the number is held.
      await advanceBillingClock(subscriber.tokens, 15);
      await page.goto('/dashboard');
      await see(page, 'Subscription Required');
      await see(page, 'Your subscription has expired or is inactive.');
      await expect(
        page.getByText(/^Your business number \(415\) 555-\d{4} is held for you until/),
      ).toHaveText(
        /^Your business number \(415\) 555-\d{4} is held for you until \w+ \d{1,2}, \d{4}\. Subscribe again before then to keep it\.$/,
      );

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download call history' }).click();
      const csv = await readFile(await (await downloading).path(), 'utf8');
      expect(csv).toContain('+14155551000');
      expect(csv).toContain('+14155551001');
    });

    test('a plan whose payments kept failing ended: the held number, its day, the mails, the history', async ({
      page,
    }) => {
      const subscriber = await seedSubscriber(`unpaid-${device}`, '415', '+14155550188');
      const { person, tokens } = subscriber;
      await seedInboundCalls(subscriber, 2);
      await signInContext(page, tokens);
      // The card on file is one whose charges fail (Stripe's 4000 0000 0000 0341).
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Manage Billing' }).click();
      await expectPath(page, /^\/api\/sandbox\/portal\//);
      await page.getByLabel('Card number').fill('4000 0000 0000 0341');
      await page.getByRole('button', { name: 'Update card' }).click();
      await see(page, 'Visa ending in 0341');

      // The trial ends and the year's charge fails; Stripe tries again 3, 5 and 7 days apart, each
      // failure mailed, then cancels the subscription (the sandbox's retry settings, docs/billing.md).
      const failing = await advanceBillingClock(tokens, 15);
      expect(failing.subscription?.status).toBe('past_due');
      const first = await mailTo(person.email, 'Your payment of $60.00 did not go through');
      expect(first.text).toMatch(/We will try again on \w+ \d{1,2}, \d{4}\./);
      const ended = await advanceBillingClock(tokens, 15);
      expect(ended.subscription?.status).toBe('canceled');
      const endedMail = await mailTo(
        person.email,
        'Your subscription has ended: your payment did not go through',
      );

      await page.goto('/dashboard');
      await see(page, 'Subscription Required');
      await see(page, 'Your subscription has expired or is inactive.');
      const { phone_number: line } = await api<{
        phone_number: { phone_number: string; held_until: number | null };
      }>('GET', '/dashboard/phone-number', { token: tokens.access_token });
      expect(line.held_until, 'the number is held').not.toBeNull();
      await expect(
        page.getByText(/^Your business number \(415\) 555-\d{4} is held for you until/),
      ).toHaveText(
        `Your business number ${shownNumber(line.phone_number)} is held for you until ${shownDay(line.held_until!)}. Subscribe again before then to keep it.`,
      );
      expect(endedMail.text).toContain(
        `Your business number ${line.phone_number} is held for you until ${shownDay(line.held_until!)}. Subscribe again before then to keep it:`,
      );
      await expect(page.getByText('Your free trial ends in')).toHaveCount(0);
      await expect(page.getByText('Your last payment failed.')).toHaveCount(0);
      await checkScreen(page, 'subscription-required-unpaid', device);

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download call history' }).click();
      const csv = await readFile(await (await downloading).path(), 'utf8');
      expect(csv).toContain('+14155551000');
      expect(csv).toContain('+14155551001');

      // Subscribing again is a new checkout: a returning customer pays its year today.
      await page.getByRole('button', { name: 'Subscribe Now' }).click();
      await expectPath(page, /^\/api\/sandbox\/checkout\//);
      await see(page, /^No free trial this time: this account has had a subscription before\./);
    });
  });
}
