// Journey: place a call from the dashboard (the modal follows it to its end, toast, the call in the history);
// simulated inbound calls, answered and missed, appear in the history; the CSV download; direction/date
// filters and pagination.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { inboundCall } from './support/api';
import { TEST_TIMEOUT, useBrowser } from './support/browser';
import { eventually, expectPath, see } from './support/flows';
import { dialField, historyRegion, historyRows } from './support/dashboard';
import { seedInboundCalls, seedSubscriber, signedInPage } from './support/seed';

useBrowser();

test(
  'a subscriber places a call and sees it, then an inbound call, in the history',
  { timeout: TEST_TIMEOUT },
  async () => {
    const subscriber = await seedSubscriber('caller');
    const { context, page } = await signedInPage(subscriber, 'desktop');
    try {
      await expectPath(page, '/dashboard');
      await see(page, 'Make a Call');
      await see(page, 'No calls yet');

      const callButton = page.getByRole('button', { name: 'Call', exact: true });
      await dialField(page).pressSequentially('4155550123');
      assert.equal(await dialField(page).inputValue(), '(415) 555-0123');
      await eventually(() => callButton.isEnabled(), 'the Call button to be enabled for a full number');
      await callButton.click();

      const modal = page.getByRole('dialog');
      await modal.waitFor();
      await see(page, 'Call initiated successfully');
      // The steps name the user's phone, the person called and the caller ID they will see.
      const modalText = (await modal.innerText()).replace(/\s+/g, ' ');
      const show = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
      for (const shown of [show(subscriber.forwarding), '(415) 555-0123', show(subscriber.business)]) {
        assert.ok(modalText.includes(shown), `the call modal shows ${shown}: "${modalText}"`);
      }
      // The modal follows the sandbox carrier's steps, about 2 s apart, to the end of the call.
      for (const step of [
        'Answer it and press 1',
        'Calling (415) 555-0123',
        'Connected',
        'Call ended after 0:30.',
      ]) {
        await eventually(
          async () => (await modal.getByRole('status').innerText()).includes(step),
          `the call modal to show "${step}"`,
          20_000,
        );
      }
      await modal
        .getByRole('button', { name: /close|done|ok/i })
        .first()
        .click();
      await modal.waitFor({ state: 'hidden' });
      assert.equal(await dialField(page).inputValue(), '', 'closing the modal clears the dialled number');

      // The history shows the call, completed with its talk time.
      const placed = historyRows(page).filter({ hasText: '(415) 555-0123' });
      await eventually(
        async () => /Completed[\s\S]*0:30/.test(await placed.first().innerText()),
        'the completed call',
      );

      await inboundCall(subscriber.business, '+14155559876', 95);
      await inboundCall(subscriber.business, '+14155559877', 95, 'no-answer');
      await page.reload();
      await see(historyRegion(page), '(415) 555-9876', 20_000);
      await see(historyRegion(page), '1:35');
      const missed = historyRows(page).filter({ hasText: '(415) 555-9877' });
      assert.match(await missed.first().innerText(), /Missed[\s\S]*0:00/);

      // The history downloads as CSV, through the API with the session.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'calls.csv');
      const csv = readFileSync((await download.path())!, 'utf8').split('\n');
      assert.equal(csv[0], 'Date and time (UTC),Direction,From,To,Status,Duration,Duration (seconds)');
      assert.ok(csv.some((line) => line.includes('+14155559877') && line.endsWith(',no-answer,0:00,0')));
      assert.ok(csv.some((line) => line.includes('+14155550123') && line.endsWith(',completed,0:30,30')));
    } finally {
      await context.close();
    }
  },
);

test(
  'the call history filters by direction and date and pages by 10',
  { timeout: TEST_TIMEOUT },
  async () => {
    const subscriber = await seedSubscriber('history', '312', '+13125550188');
    await seedInboundCalls(subscriber, 12);
    const { context, page } = await signedInPage(subscriber, 'desktop');
    try {
      const rows = historyRows(page);
      await eventually(async () => (await rows.count()) === 10, 'the first page to show 10 calls');
      await page
        .getByRole('button', { name: /page 2|next page/i })
        .first()
        .click();
      await eventually(
        async () => (await rows.count()) === 2,
        'the second page to show the remaining 2 calls',
      );

      // A filter change resets the page to 1.
      await page.getByRole('combobox', { name: /direction/i }).click();
      await page.getByRole('option', { name: /outbound/i }).click();
      await see(historyRegion(page), 'No calls yet');
      await page.getByRole('combobox', { name: /direction/i }).click();
      await page.getByRole('option', { name: /inbound/i }).click();
      await eventually(async () => (await rows.count()) === 10, 'inbound calls, page 1 again');

      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await page
        .getByLabel(/start date|from/i)
        .first()
        .fill(tomorrow);
      await see(historyRegion(page), 'No calls yet');
    } finally {
      await context.close();
    }
  },
);
