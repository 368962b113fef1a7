import { screen, waitFor, within } from '@testing-library/react';
import { DEMO } from '@mocks/fixtures';
import { seedSubscription } from '@mocks/seed';
import { currentLocation, renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

beforeEach(() => signIn());

const header = () => screen.findByRole('navigation', { name: 'Account' });

test.each([
  ['/dashboard', 'Dashboard'],
  ['/settings', 'Settings'],
])('%s has the app header: the name, Settings and Sign Out', async (path, title) => {
  await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title });
  const nav = within(await header());
  expect(nav.getByRole('link', { name: 'Forwardly' })).toHaveAttribute('href', '/dashboard');
  expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  expect(nav.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  // The link to the page shown says so.
  const here = path === '/settings' ? 'Settings' : 'Forwardly';
  expect(nav.getByRole('link', { name: here })).toHaveAttribute('aria-current', 'page');
  expect(screen.getAllByRole('navigation', { name: 'Account' })).toHaveLength(1);
});

test("the header's name goes from settings to the dashboard; its Sign Out there goes to /", async () => {
  const { user } = await renderApp('/settings');
  await user.click(within(await header()).getByRole('link', { name: 'Forwardly' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Settings' }));
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  await user.click(within(await header()).getByRole('button', { name: 'Sign Out' }));
  await waitFor(() => expect(currentLocation()).toBe('/'));
});

test('the Subscription Required screen has the header without Settings and its second Sign Out', async () => {
  seedSubscription(DEMO.email, null);
  await renderApp('/settings');
  await screen.findByRole('heading', { name: 'Subscription Required' });
  const nav = within(await header());
  expect(nav.getByRole('link', { name: 'Forwardly' })).toBeInTheDocument();
  expect(nav.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Sign Out' })).toHaveLength(1);
});
