import { act, screen, waitFor, within } from '@testing-library/react';
import { failNext, respondEmpty } from '@mocks/control';
import { DEMO } from '@mocks/fixtures';
import { requestsTo } from '@mocks/log';
import { seedCalls } from '@mocks/seed';
import { browser } from '@/lib/browser';
import { formatDateTime } from '@/lib/dates';
import { localTimeZone } from '@/store/api/calls';
import { zonedTimestamp } from '@rules/days';
import { themePalette } from '@/test/palette';
import { settledRequests } from '@/test/lifecycle';
import { renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

beforeEach(() => signIn());
afterEach(() => jest.restoreAllMocks());

const openDashboard = () => renderApp('/dashboard');
const callQueries = () => requestsTo('GET /dashboard/calls').map((request) => request.query);
const lastCallQuery = () => callQueries().at(-1);

test('each call shows the other party first, its direction, local date and time, and duration', async () => {
  const [inbound, outbound] = [
    {
      direction: 'inbound' as const,
      from_number: '+13105550187',
      created_at: '2026-03-05T17:00:00.000Z',
      duration: 75,
    },
    {
      direction: 'outbound' as const,
      to_number: '+14155550111',
      created_at: '2026-03-04T09:30:00.000Z',
      duration: 5,
    },
  ];
  seedCalls(DEMO.email, [inbound, outbound]);
  await openDashboard();
  const table = await screen.findByRole('table', { name: 'Calls' });
  const [, first, second] = within(table).getAllByRole('row');
  expect(
    within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual([
    '(310) 555-0187',
    'Inbound',
    formatDateTime(inbound.created_at),
    'Answered',
    '1:15',
    'Call back',
  ]);
  expect(
    within(second)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual([
    '(415) 555-0111',
    'Outbound',
    formatDateTime(outbound.created_at),
    'Completed',
    '0:05',
    'Call back',
  ]);
  // The direction has an icon beside its word.
  expect(within(first).getAllByRole('cell')[1].querySelector('svg')).not.toBeNull();
});

test('missed, blocked and unanswered calls show as such, with no talk time', async () => {
  seedCalls(DEMO.email, [
    { direction: 'inbound', from_number: '+13105550186', status: 'blocked', duration: 0 },
    { direction: 'inbound', from_number: '+13105550187', status: 'no-answer', duration: 0 },
    { direction: 'inbound', from_number: '+13105550188', status: 'busy', duration: 0 },
    { direction: 'outbound', to_number: '+14155550111', status: 'no-answer', duration: 0 },
    { direction: 'outbound', to_number: '+14155550112', status: 'busy', duration: 0 },
    { direction: 'outbound', to_number: '+14155550113', status: 'canceled', duration: 0 },
  ]);
  await openDashboard();
  const table = await screen.findByRole('table', { name: 'Calls' });
  const outcomes = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return [cells[3].textContent, cells[4].textContent];
    });
  expect(outcomes).toEqual([
    ['Blocked', '0:00'],
    ['Missed', '0:00'],
    ['Missed', '0:00'],
    ['No answer', '0:00'],
    ['Busy', '0:00'],
    ['Canceled', '0:00'],
  ]);
});

// An inbound call nobody answered and an outbound call that was.
const missedAndCompleted = [
  { direction: 'inbound' as const, status: 'no-answer' as const, duration: 0 },
  { direction: 'outbound' as const, status: 'completed' as const, duration: 30 },
];

// A word of the history with its icon, as one label.
const labelOf = (call: HTMLElement, word: string) => within(call).getByText(word).parentElement!;

function expectLabelColors([missed, completed]: HTMLElement[]) {
  const palette = themePalette();
  expect(labelOf(missed, 'Missed')).toHaveStyle({ color: palette.error.main });
  expect(labelOf(missed, 'Missed').querySelector('svg')).not.toBeNull();
  expect(labelOf(completed, 'Completed')).not.toHaveStyle({ color: palette.error.main });
  expect(labelOf(completed, 'Completed').querySelector('svg')).toBeNull();
  expect(labelOf(missed, 'Inbound').querySelector('svg')).toHaveStyle({ color: palette.secondary.main });
  expect(labelOf(completed, 'Outbound').querySelector('svg')).toHaveStyle({ color: palette.primary.main });
}

test('a call that never connected stands out in the error color; each direction has its icon color', async () => {
  seedCalls(DEMO.email, missedAndCompleted);
  await openDashboard();
  const table = await screen.findByRole('table', { name: 'Calls' });
  expectLabelColors(within(table).getAllByRole('row').slice(1));
});

test('Download CSV saves every call matching the filters, through the API with the session', async () => {
  const saveFile = jest.spyOn(browser, 'saveFile').mockImplementation(() => {});
  seedCalls(DEMO.email, [
    { direction: 'inbound', created_at: '2026-01-10T09:00:00.000Z', duration: 75 },
    { direction: 'outbound', created_at: '2026-01-11T09:00:00.000Z', status: 'no-answer', duration: 0 },
    { direction: 'inbound', created_at: '2026-01-12T09:00:00.000Z', status: 'blocked', duration: 0 },
  ]);
  const { user } = await openDashboard();
  await screen.findByRole('table', { name: 'Calls' });
  await user.type(screen.getByLabelText('Start date'), '2026-01-01');
  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
  const [request] = requestsTo('GET /dashboard/calls.csv');
  expect(request.query).toEqual({ start_date: '2026-01-01', time_zone: localTimeZone() });
  expect(request.authorization).toBe(`Bearer ${localStorage.getItem('access_token')}`);
  const [name, text, type] = saveFile.mock.calls[0];
  expect(name).toBe('calls-2026-01-01.csv');
  expect(type).toBe('text/csv');
  // Times on the user's clock, as the history shows them (this machine's zone: UTC on CI).
  const zone = localTimeZone();
  const at = (iso: string) => zonedTimestamp(new Date(iso), zone);
  expect(text.split('\n').slice(0, 4)).toEqual([
    `Date and time (${zone}),Direction,From,To,Status,Duration,Duration (seconds)`,
    `${at('2026-01-12T09:00:00.000Z')},inbound,+12125550142,+15125550100,Blocked,0:00,0`,
    `${at('2026-01-11T09:00:00.000Z')},outbound,+15125550100,+12125550142,No answer,0:00,0`,
    `${at('2026-01-10T09:00:00.000Z')},inbound,+12125550142,+15125550100,Answered,1:15,75`,
  ]);
});

test('a download that fails says so', async () => {
  const saveFile = jest.spyOn(browser, 'saveFile').mockImplementation(() => {});
  failNext('GET /dashboard/calls.csv', 500);
  const { user } = await openDashboard();
  await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
  expect(await screen.findByText('Failed to download call history')).toBeInTheDocument();
  expect(saveFile).not.toHaveBeenCalled();
});

test('the history asks for page 1 of 10 calls in every direction, and pages by metadata', async () => {
  const { user } = await openDashboard();
  const pages = await screen.findByRole('navigation', { name: 'pagination navigation' });
  expect(lastCallQuery()).toEqual({ page: '1', per_page: '10' });
  expect(within(screen.getByRole('table', { name: 'Calls' })).getAllByRole('row')).toHaveLength(11);
  // 25 calls: three pages.
  expect(within(pages).getByRole('button', { name: 'Go to page 3' })).toBeInTheDocument();
  await user.click(within(pages).getByRole('button', { name: 'Go to page 3' }));
  await waitFor(() => expect(lastCallQuery()).toEqual({ page: '3', per_page: '10' }));
  await waitFor(() =>
    expect(within(screen.getByRole('table', { name: 'Calls' })).getAllByRole('row')).toHaveLength(6),
  );
  expect(within(pages).getByRole('button', { name: 'page 3' })).toHaveAttribute('aria-current', 'page');
});

test('filters go into the query, and any change goes back to page 1', async () => {
  seedCalls(DEMO.email, [
    ...Array.from({ length: 12 }, () => ({ direction: 'inbound' as const })),
    ...Array.from({ length: 3 }, () => ({ direction: 'outbound' as const })),
  ]);
  const { user } = await openDashboard();
  await user.click(await screen.findByLabelText('Go to page 2'));
  await waitFor(() => expect(lastCallQuery()).toEqual({ page: '2', per_page: '10' }));

  // A change of filter asks for page 1 again, with the filters set.
  const queried = (filters: Record<string, string>) =>
    waitFor(() => expect(lastCallQuery()).toEqual({ page: '1', per_page: '10', ...filters }));
  const chooseDirection = async (name: string) => {
    await user.click(screen.getByLabelText('Direction'));
    await user.click(within(await screen.findByRole('listbox')).getByText(name));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  };
  await chooseDirection('Inbound');
  await queried({ direction: 'inbound' });

  // 12 inbound calls: two pages.
  await user.click(await screen.findByLabelText('Go to page 2'));
  await waitFor(() => expect(lastCallQuery()).toMatchObject({ page: '2', direction: 'inbound' }));
  await user.type(screen.getByLabelText('Start date'), '2026-01-01');
  // Dates are days of the zone the history's times show in.
  const time_zone = localTimeZone();
  await queried({ direction: 'inbound', start_date: '2026-01-01', time_zone });
  await user.type(screen.getByLabelText('End date'), '2026-01-31');
  await queried({ direction: 'inbound', start_date: '2026-01-01', end_date: '2026-01-31', time_zone });
  await chooseDirection('Outbound');
  await waitFor(() => expect(lastCallQuery()).toMatchObject({ page: '1', direction: 'outbound' }));

  // Back to all directions: the parameter is left out again.
  await chooseDirection('All calls');
  await queried({ start_date: '2026-01-01', end_date: '2026-01-31', time_zone });
});

test('with no calls the history reads "No calls yet" and has no pages', async () => {
  respondEmpty('GET /dashboard/calls');
  await openDashboard();
  expect(await screen.findByText('No calls yet')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'pagination navigation' })).not.toBeInTheDocument();
});

test('a history that cannot load says so in place, and Retry loads it', async () => {
  failNext('GET /dashboard/calls', 500);
  seedCalls(DEMO.email, [{ direction: 'inbound' }]);
  const { user } = await openDashboard();
  expect(await screen.findByText('Failed to load call history')).toBeInTheDocument();
  const history = screen.getByRole('region', { name: 'Call History' });
  expect(within(history).getByRole('alert')).toHaveTextContent('The call history could not be loaded.');
  expect(screen.queryByText('No calls yet')).not.toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  await user.click(within(history).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('table', { name: 'Calls' })).toBeInTheDocument();
  expect(within(history).queryByRole('alert')).not.toBeInTheDocument();
});

test('filters that match nothing say so, and Clear filters shows every call again', async () => {
  seedCalls(DEMO.email, [{ direction: 'inbound' }]);
  const { user } = await openDashboard();
  await screen.findByRole('table', { name: 'Calls' });
  await user.type(screen.getByLabelText('Start date'), '2001-01-01');
  await user.type(screen.getByLabelText('End date'), '2001-01-02');
  expect(await screen.findByText('No calls match these filters')).toBeInTheDocument();
  expect(screen.queryByText('No calls yet')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(await screen.findByRole('table', { name: 'Calls' })).toBeInTheDocument();
  expect(screen.getByLabelText('Start date')).toHaveValue('');
  expect(screen.getByLabelText('End date')).toHaveValue('');
});

test('a start date after the end date is said under the field and not sent', async () => {
  const { user } = await openDashboard();
  await screen.findByRole('table', { name: 'Calls' });
  await user.type(screen.getByLabelText('End date'), '2026-01-01');
  await waitFor(() => expect(lastCallQuery()).toMatchObject({ end_date: '2026-01-01' }));
  const asked = callQueries().length;
  await user.type(screen.getByLabelText('Start date'), '2026-02-01');
  expect(screen.getByLabelText('End date')).toHaveAccessibleDescription(
    'End date must be on or after the start date',
  );
  // A query the change started would be followed to the mocks before this resolves.
  await act(settledRequests);
  expect(callQueries()).toHaveLength(asked);
  expect(
    requestsTo('GET /dashboard/calls').some((request) => request.query.start_date === '2026-02-01'),
  ).toBe(false);
});

test('the history counts the calls it shows: "1–10 of 19", then "11–19 of 19"', async () => {
  seedCalls(
    DEMO.email,
    Array.from({ length: 19 }, () => ({ direction: 'inbound' as const })),
  );
  const { user } = await openDashboard();
  expect(await screen.findByText('1–10 of 19')).toBeInTheDocument();
  await user.click(screen.getByLabelText('Go to page 2'));
  expect(await screen.findByText('11–19 of 19')).toBeInTheDocument();
});

test('Call back puts the other party in the dialler, ready to call', async () => {
  seedCalls(DEMO.email, [{ direction: 'inbound', from_number: '+13105550187' }]);
  const { user } = await openDashboard();
  await user.click(await screen.findByRole('button', { name: 'Call back (310) 555-0187' }));
  const dial = screen.getByRole('textbox', { name: 'Number to call' });
  expect(dial).toHaveValue('(310) 555-0187');
  expect(dial).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Call' })).toBeEnabled();
});

describe('on a phone 360 px wide', () => {
  const wide = window.matchMedia.bind(window);
  // jsdom has no layout: answer MUI's width queries as a 360 px screen would.
  beforeEach(() => {
    window.matchMedia = (query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const matches = (!max || 360 <= Number(max[1])) && (!min || 360 >= Number(min[1]));
      return { ...wide(query), matches };
    };
  });
  afterEach(() => {
    window.matchMedia = wide;
  });

  test('the history is a list of cards instead of a wide table', async () => {
    seedCalls(DEMO.email, [
      {
        direction: 'inbound',
        from_number: '+13105550187',
        created_at: '2026-03-05T17:00:00.000Z',
        duration: 75,
      },
    ]);
    await openDashboard();
    const list = await screen.findByRole('list', { name: 'Calls' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent('Inbound');
    expect(card).toHaveTextContent('Duration 1:15');
    expect(card).toHaveTextContent(/^\(310\) 555-0187Call back/);
    expect(card).toHaveTextContent(formatDateTime('2026-03-05T17:00:00.000Z'));
  });

  test('the cards show the same colors as the table', async () => {
    seedCalls(DEMO.email, missedAndCompleted);
    await openDashboard();
    const list = await screen.findByRole('list', { name: 'Calls' });
    expectLabelColors(within(list).getAllByRole('listitem'));
  });
});

test('a call recorded while the history is open shows in it, without a reload', async () => {
  seedCalls(DEMO.email, [{ direction: 'inbound', from_number: '+13105550187' }]);
  await openDashboard();
  const table = await screen.findByRole('table', { name: 'Calls' });
  await waitFor(() => expect(requestsTo('GET /dashboard/call-events')).toHaveLength(1));
  expect(requestsTo('GET /dashboard/call-events')[0].authorization).toBe(
    `Bearer ${localStorage.getItem('access_token')}`,
  );
  seedCalls(DEMO.email, [
    { direction: 'inbound', from_number: '+13105550199' },
    { direction: 'inbound', from_number: '+13105550187' },
  ]);
  expect(await within(table).findByText('(310) 555-0199')).toBeInTheDocument();
});
