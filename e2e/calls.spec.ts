// Journey: place a call from the dashboard (the modal follows it to its end, toast, the call in the history);
// simulated inbound calls, answered and missed, appear in the history; the CSV download; direction/date
// filters and pagination.
import { readFileSync } from 'node:fs';
import { inboundCall, signInContext } from './support/api';
import { dialField, historyRegion, historyRows } from './support/dashboard';
import { expect, test } from './support/fixtures';
import { expectPath, see } from './support/flows';
import { seedInboundCalls, seedSubscriber } from './support/seed';

test('a subscriber places a call and sees it, then an inbound call, in the history', async ({
  signedIn: page,
  subscriber,
}) => {
  await expectPath(page, '/dashboard');
  await see(page, 'Make a Call');
  await see(page, 'No calls yet');

  const callButton = page.getByRole('button', { name: 'Call', exact: true });
  await dialField(page).pressSequentially('4155550123');
  await expect(dialField(page)).toHaveValue('(415) 555-0123');
  await expect(callButton, 'the Call button is enabled for a full number').toBeEnabled();
  await callButton.click();

  const modal = page.getByRole('dialog');
  await modal.waitFor();
  await see(page, 'Call initiated successfully');
  // The steps name the user's phone, the person called and the caller ID they will see.
  const modalText = (await modal.innerText()).replace(/\s+/g, ' ');
  const show = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
  for (const shown of [show(subscriber.forwarding), '(415) 555-0123', show(subscriber.business)]) {
    expect(modalText, `the call modal shows ${shown}`).toContain(shown);
  }
  // The modal follows the sandbox carrier's steps, about 2 s apart, to the end of the call.
  for (const step of [
    'Answer it and press 1',
    'Calling (415) 555-0123',
    'Connected',
    'Call ended after 0:30.',
  ]) {
    await expect(modal.getByRole('status'), `the call modal shows "${step}"`).toContainText(step, {
      useInnerText: true,
    });
  }
  await modal
    .getByRole('button', { name: /close|done|ok/i })
    .first()
    .click();
  await modal.waitFor({ state: 'hidden' });
  expect(await dialField(page).inputValue(), 'closing the modal clears the dialled number').toBe('');

  // The history shows the call, completed with its talk time.
  const placed = historyRows(page).filter({ hasText: '(415) 555-0123' });
  await expect(placed.first(), 'the completed call').toHaveText(/Completed[\s\S]*0:30/, {
    useInnerText: true,
  });

  await inboundCall(subscriber.business, '+14155559876', 95);
  await inboundCall(subscriber.business, '+14155559877', 95, 'no-answer');
  await page.reload();
  await see(historyRegion(page), '(415) 555-9876');
  await see(historyRegion(page), '1:35');
  const missed = historyRows(page).filter({ hasText: '(415) 555-9877' });
  expect(await missed.first().innerText()).toMatch(/Missed[\s\S]*0:00/);

  // The history downloads as CSV, through the API with the session.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('calls.csv');
  const csv = readFileSync(await download.path(), 'utf8').split('\n');
  expect(csv[0]).toBe('Date and time (UTC),Direction,From,To,Status,Duration,Duration (seconds)');
  // The same words as the history: a missed call is "Missed" in the file too.
  expect(csv.some((line) => line.includes('+14155559877') && line.endsWith(',Missed,0:00,0'))).toBe(true);
  expect(csv.some((line) => line.includes('+14155550123') && line.endsWith(',Completed,0:30,30'))).toBe(true);
});

test('the call history filters by direction and date and pages by 10', async ({ page }) => {
  const subscriber = await seedSubscriber('history', '312', '+13125550188');
  await seedInboundCalls(subscriber, 12);
  await signInContext(page, subscriber.tokens);
  await page.goto('/dashboard');

  const rows = historyRows(page);
  await expect(rows, 'the first page shows 10 calls').toHaveCount(10);
  await page
    .getByRole('button', { name: /page 2|next page/i })
    .first()
    .click();
  await expect(rows, 'the second page shows the remaining 2 calls').toHaveCount(2);

  // A filter change resets the page to 1.
  await page.getByRole('combobox', { name: /direction/i }).click();
  await page.getByRole('option', { name: /outbound/i }).click();
  await see(historyRegion(page), 'No calls match these filters');
  await page.getByRole('combobox', { name: /direction/i }).click();
  await page.getByRole('option', { name: /inbound/i }).click();
  await expect(rows, 'inbound calls, page 1 again').toHaveCount(10);

  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page
    .getByLabel(/start date|from/i)
    .first()
    .fill(tomorrow);
  await see(historyRegion(page), 'No calls match these filters');
});

// Kiritimati is 14 hours ahead of UTC and Pago Pago 11 behind: at any hour one of them is on
// another date than UTC, so dates read as UTC days would lose today's call in one of them.
for (const timezoneId of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
  test.describe(`a browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("filters the history by the days its times show in: today's call is today's", async ({ page }) => {
      const subscriber = await seedSubscriber(`zone-${timezoneId.slice(8, 12)}`);
      await seedInboundCalls(subscriber, 1);
      const today = new Date().toLocaleDateString('en-CA', { timeZone: timezoneId });
      await signInContext(page, subscriber.tokens);
      await page.goto('/dashboard');
      const rows = historyRows(page);
      await expect(rows).toHaveCount(1);
      await page.getByLabel('Start date').fill(today);
      const filtered = page.waitForResponse((r) => /\/api\/dashboard\/calls\?.*end_date=/.test(r.url()));
      await page.getByLabel('End date').fill(today);
      const answer = (await (await filtered).json()) as { metadata: { total_items: number } };
      expect(answer.metadata.total_items, `the call made now is one of ${today}'s`).toBe(1);
      await expect(rows).toHaveCount(1);
    });
  });
}
