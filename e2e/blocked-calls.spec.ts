// Journey: a trial at its 300 minutes is not in service, but a call to it leaves a trace: the caller
// is refused, the history shows a "Blocked" row (no talk time) and the owner gets a mail saying who
// called, why it was blocked and how to take calls again.
import { inboundCall, latestMailTo } from './support/api';
import { historyRows } from './support/dashboard';
import { expect, test } from './support/fixtures';
import { expectPath } from './support/flows';

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('a call to a trial at its cap is blocked, shown in the history and mailed', async ({
      signedIn: page,
      subscriber,
    }) => {
      await expectPath(page, '/dashboard');
      // Five callers talk an hour each: the trial's 300 minutes are used up.
      for (let i = 0; i < 5; i++) await inboundCall(subscriber.business, `+1415555${3000 + i}`, 3600);
      const refused = await inboundCall(subscriber.business, '+14155553010', 60);
      expect(refused.call?.status).toBe('blocked');

      await page.reload();
      const blocked = historyRows(page).filter({ hasText: '(415) 555-3010' });
      await expect(blocked).toContainText('Blocked');
      await expect(blocked).toContainText('0:00');

      await expect
        .poll(async () => (await latestMailTo(subscriber.person.email)).subject)
        .toBe(`A call to ${subscriber.business} was blocked`);
      const mail = await latestMailTo(subscriber.person.email);
      expect(mail.text).toContain(`+14155553010 called your number ${subscriber.business}`);
      expect(mail.text).toContain("your free trial's 300 minutes of calls are used up");
      expect(mail.text).toContain('"Start paid plan now" on your dashboard');
    });
  });
}
