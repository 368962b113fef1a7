// Journey: a trial's money, as its subscriber lives it. The welcome mail names the trial's end, the
// $60.00 and the card; the dashboard warns from 80 % of the trial's 300 minutes, pauses the Call
// button at 300 saying why, and "Start paid plan now" ends the trial: the year is paid (its receipt
// in the outbox), the trial banner goes and calls work again.
import { inboundCall, latestMailTo } from './support/api';
import { dialField } from './support/dashboard';
import { expect, test } from './support/fixtures';
import { expectPath, see } from './support/flows';

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test("a trial's minutes run out, and the paid plan starts on request", async ({
      signedIn: page,
      subscriber,
    }) => {
      await expectPath(page, '/dashboard');
      const welcome = await latestMailTo(subscriber.person.email);
      expect(welcome.subject).toBe('Welcome to Forwardly Business Line');
      expect(welcome.text).toMatch(/then \$60\.00 for the year will be charged to Visa ending in \d{4}/);
      await see(page, /Your free trial ends in 14 days/);

      // Four callers talk an hour each: 240 of the trial's 300 minutes.
      for (let i = 0; i < 4; i++) await inboundCall(subscriber.business, `+1415555${2000 + i}`, 3600);
      await page.reload();
      await see(page, /Free trial: 240 of 300 minutes of calls used\. Calls stop at 300 minutes/);
      const start = page.getByRole('button', { name: 'Start paid plan now' });
      await expect(start).toBeVisible();

      await inboundCall(subscriber.business, '+14155552009', 3600);
      await page.reload();
      await see(
        page,
        "Calls are paused: your free trial's 300 minutes are used up. Start your paid plan to call again.",
      );
      await dialField(page).pressSequentially('4155550123');
      const call = page.getByRole('button', { name: 'Call', exact: true });
      await expect(call, 'no call while the trial is paused').toBeDisabled();

      await page.getByRole('button', { name: 'Start paid plan now' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Start your paid plan now?' });
      await expect(dialog).toContainText('$60.00 for the year is charged to your card on file');
      await dialog.getByRole('button', { name: 'Start paid plan' }).click();
      await see(page, 'Your paid plan has started');
      await expect(call, 'calls work again once the year is paid').toBeEnabled();
      await expect(page.getByText(/Your free trial ends in/)).toHaveCount(0);
      await expect(page.getByText(/Calls are paused/)).toHaveCount(0);
      await expect
        .poll(async () => (await latestMailTo(subscriber.person.email)).subject)
        .toBe('Receipt: $60.00 for Forwardly Business Line');
    });
  });
}
