import { screen, waitFor, within } from '@testing-library/react';
import { DEMO } from '@mocks/fixtures';
import { requestsTo } from '@mocks/log';
import { seedCalls } from '@mocks/seed';
import { browser } from '@/lib/browser';
import { renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

// A browser in Honolulu (UTC-10, no daylight saving), whatever the machine's own zone: the zone sent with
// date filters is written out here, not computed by the app's function, so a constant 'UTC' fails.
const ZONE = 'Pacific/Honolulu';
const HostDateTimeFormat = Intl.DateTimeFormat;

beforeEach(() => {
  // A formatter given no zone works in Honolulu's, as the browser's default; those given a zone keep it.
  jest
    .spyOn(Intl, 'DateTimeFormat')
    .mockImplementation(
      (locales, options) => new HostDateTimeFormat(locales, { timeZone: ZONE, ...options }),
    );
  signIn();
});
afterEach(() => jest.restoreAllMocks());

test('date filters are days of the browser zone: the history query carries its name', async () => {
  const { user } = await renderApp('/dashboard');
  await screen.findByRole('table', { name: 'Calls' });
  await user.type(screen.getByLabelText('Start date'), '2026-01-01');
  await waitFor(() =>
    expect(requestsTo('GET /dashboard/calls').at(-1)?.query).toEqual({
      page: '1',
      per_page: '10',
      start_date: '2026-01-01',
      time_zone: 'Pacific/Honolulu',
    }),
  );
});

test('the CSV of a date range is asked for, and written, in the browser zone', async () => {
  const saveFile = jest.spyOn(browser, 'saveFile').mockImplementation(() => {});
  seedCalls(DEMO.email, [{ direction: 'inbound', created_at: '2026-01-10T09:00:00.000Z', duration: 75 }]);
  const { user } = await renderApp('/dashboard');
  const table = await screen.findByRole('table', { name: 'Calls' });
  // 09:00 UTC is 23:00 the evening before in Honolulu, on screen and in the file.
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Jan 9, 2026, 11:00 PM');
  await user.type(screen.getByLabelText('Start date'), '2026-01-01');
  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  expect(requestsTo('GET /dashboard/calls.csv')[0].query).toEqual({
    start_date: '2026-01-01',
    time_zone: 'Pacific/Honolulu',
  });
  expect(saveFile.mock.calls[0][1].split('\n').slice(0, 2)).toEqual([
    'Date and time (Pacific/Honolulu),Direction,From,To,Status,Duration,Duration (seconds)',
    '2026-01-09T23:00:00.000-10:00,inbound,+12125550142,+15125550100,Answered,1:15,75',
  ]);
});
