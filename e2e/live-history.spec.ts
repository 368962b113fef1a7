// Journey: the call history updates while it is open. With the dashboard open, somebody rings the
// business number (the sandbox's own route, as a caller would, not through the page): the call shows
// in the history within seconds, without a reload.
import { inboundCall } from './support/api';
import { historyRows } from './support/dashboard';
import { expect, test } from './support/fixtures';

for (const device of ['phone', 'desktop'] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ device });

    test('an inbound call appears in the open history without a reload', async ({
      signedIn: page,
      subscriber,
    }) => {
      // The history's live stream is open once its answer has begun.
      const streaming = page.waitForResponse((r) => r.url().endsWith('/api/dashboard/call-events'));
      await page.reload();
      expect((await streaming).headers()['content-type']).toBe('text/event-stream');
      let reloads = 0;
      page.on('framenavigated', (frame) => void (frame === page.mainFrame() && reloads++));

      await inboundCall(subscriber.business, '+14155554321', 42);
      const row = historyRows(page).filter({ hasText: '(415) 555-4321' });
      await expect(row).toContainText('Answered', { timeout: 5000 });
      await expect(row).toContainText('0:42');
      expect(reloads, 'the page never reloaded').toBe(0);
    });
  });
}
