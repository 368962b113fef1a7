// Journey: where are my calls? At phone and desktop size, the history counts what it shows ("1–10 of
// 12"), names the other party first with a Call back that fills the dialler, says when a filter matches
// nothing and clears it in one click, refuses a start after the end before asking the server, and offers
// Retry when a load fails.
import { signInContext } from './support/api';
import { dialField, historyRegion, historyRows } from './support/dashboard';
import { expect, test } from './support/fixtures';
import { see } from './support/flows';
import { seedInboundCalls, seedSubscriber } from './support/seed';

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('the history counts, calls back, clears filters, checks dates and retries', async ({ page }) => {
      const subscriber = await seedSubscriber(`history-${device}`, '312', '+13125550177');
      await seedInboundCalls(subscriber, 12);
      await signInContext(page, subscriber.tokens);
      await page.goto('/dashboard');
      const history = historyRegion(page);
      const rows = historyRows(page);
      await expect(rows).toHaveCount(10);
      await see(history, '1–10 of 12');

      // The newest call first, its caller named before anything else on its row; Call back dials them.
      await expect(rows.first()).toContainText('(415) 555-1011');
      await rows.first().getByRole('button', { name: 'Call back (415) 555-1011' }).click();
      await expect(dialField(page)).toHaveValue(/415.*555.*1011/);

      // A filter that matches nothing says so, and one click brings every call back.
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel('Start date').fill(tomorrow);
      await see(history, 'No calls match these filters');
      await history.getByRole('button', { name: 'Clear filters' }).click();
      await expect(rows).toHaveCount(10);
      await expect(page.getByLabel('Start date')).toHaveValue('');

      // A start after the end is refused on the spot: no request for that range leaves.
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/dashboard/calls?')) asked.push(r.url());
      });
      await page.getByLabel('End date').fill('2026-01-01');
      await page.getByLabel('Start date').fill('2026-02-01');
      await see(history, 'End date must be on or after the start date');
      expect(asked.filter((url) => url.includes('start_date=2026-02-01'))).toEqual([]);
      await page.getByLabel('Start date').fill('');
      await page.getByLabel('End date').fill('');
      await expect(rows).toHaveCount(10);

      // A load that fails (the network dropped) says so in place, with Retry.
      await page.route(/\/api\/dashboard\/calls\?/, (route) => route.abort('failed'), {
        times: 1,
      });
      await page
        .getByRole('button', { name: /page 2|next page/i })
        .first()
        .click();
      await see(history, 'The call history could not be loaded.');
      await history.getByRole('button', { name: 'Retry' }).click();
      await expect(rows).toHaveCount(2);
      await see(history, '11–12 of 12');
    });
  });
}
