import { screen, waitFor, within } from '@testing-library/react';
import { failNext, respondEmpty } from '@mocks/control';
import { DEMO } from '@mocks/fixtures';
import { requestsTo } from '@mocks/log';
import { seedCalls } from '@mocks/seed';
import { formatDateTime } from '@/lib/dates';
import { renderWithProviders } from '@/test/renderWithProviders';
import { signIn } from '@/test/signIn';

// A shared, busy machine: the lazily loaded pages take a while to arrive.
jest.setTimeout(30_000);
beforeAll(() => Promise.all([import('./DashboardPage'), import('@/features/billing/SubscriptionGuard')]));
beforeEach(() => signIn());

const openDashboard = () => renderWithProviders(undefined, { route: '/dashboard' });
const callQueries = () => requestsTo('GET /dashboard/calls').map((request) => request.query);
const lastCallQuery = () => callQueries().at(-1);

test('each call shows its direction, numbers, local date and time, and duration', async () => {
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
  openDashboard();
  const table = await screen.findByRole('table', { name: 'Calls' });
  const [, first, second] = within(table).getAllByRole('row');
  expect(
    within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Inbound', '(310) 555-0187', '(512) 555-0100', formatDateTime(inbound.created_at), '1:15']);
  expect(
    within(second)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Outbound', '(512) 555-0100', '(415) 555-0111', formatDateTime(outbound.created_at), '0:05']);
  // The direction has an icon beside its word.
  expect(within(first).getAllByRole('cell')[0].querySelector('svg')).not.toBeNull();
});

test('the history asks for page 1 of 10 calls in every direction, and pages by metadata', async () => {
  const { user } = openDashboard();
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
  const { user } = openDashboard();
  await user.click(await screen.findByLabelText('Go to page 2'));
  await waitFor(() => expect(lastCallQuery()).toEqual({ page: '2', per_page: '10' }));

  const chooseDirection = async (name: string) => {
    await user.click(screen.getByLabelText('Direction'));
    await user.click(within(await screen.findByRole('listbox')).getByText(name));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  };
  await chooseDirection('Inbound');
  await waitFor(() => expect(lastCallQuery()).toEqual({ page: '1', per_page: '10', direction: 'inbound' }));

  // 12 inbound calls: two pages.
  await user.click(await screen.findByLabelText('Go to page 2'));
  await waitFor(() => expect(lastCallQuery()).toMatchObject({ page: '2', direction: 'inbound' }));
  await user.type(screen.getByLabelText('Start date'), '2026-01-01');
  await waitFor(() =>
    expect(lastCallQuery()).toEqual({
      page: '1',
      per_page: '10',
      direction: 'inbound',
      start_date: '2026-01-01',
    }),
  );
  await user.type(screen.getByLabelText('End date'), '2026-01-31');
  await waitFor(() =>
    expect(lastCallQuery()).toEqual({
      page: '1',
      per_page: '10',
      direction: 'inbound',
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    }),
  );
  await chooseDirection('Outbound');
  await waitFor(() => expect(lastCallQuery()).toMatchObject({ page: '1', direction: 'outbound' }));

  // Back to all directions: the parameter is left out again.
  await chooseDirection('All calls');
  await waitFor(() =>
    expect(lastCallQuery()).toEqual({
      page: '1',
      per_page: '10',
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    }),
  );
});

test('with no calls the history reads "No calls yet" and has no pages', async () => {
  respondEmpty('GET /dashboard/calls');
  openDashboard();
  expect(await screen.findByText('No calls yet')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'pagination navigation' })).not.toBeInTheDocument();
});

test('a history that cannot load says so', async () => {
  failNext('GET /dashboard/calls', 500);
  openDashboard();
  expect(await screen.findByText('Failed to load call history')).toBeInTheDocument();
  expect(screen.queryByText('No calls yet')).not.toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

describe('on a phone 360 px wide', () => {
  const wide = window.matchMedia;
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
    openDashboard();
    const list = await screen.findByRole('list', { name: 'Calls' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(card).toHaveTextContent('Inbound');
    expect(card).toHaveTextContent('Duration 1:15');
    expect(card).toHaveTextContent('From (310) 555-0187 to (512) 555-0100');
    expect(card).toHaveTextContent(formatDateTime('2026-03-05T17:00:00.000Z'));
  });
});
