import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@mocks/node';
import { currentLocation, renderApp } from '@/test/renderApp';

test.each([
  ['/terms', 'Terms of Service', '14-day free trial'],
  ['/privacy', 'Privacy Policy', 'Call records:'],
])('%s renders its markdown file, fetched from the site itself', async (route, title, text) => {
  const fetched: string[] = [];
  server.events.on('request:start', ({ request }) => void fetched.push(request.url));
  await renderApp(route);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(5);
  expect(screen.getAllByText(new RegExp(text)).length).toBeGreaterThan(0);
  expect(screen.getAllByRole('link', { name: 'support@forwardly.example' })[0]).toHaveAttribute(
    'href',
    'mailto:support@forwardly.example',
  );
  expect(fetched).toEqual([`http://localhost/content${route}.md`]);
  server.events.removeAllListeners();
});

test('"Back to home" goes to /', async () => {
  const { user } = await renderApp('/terms');
  await screen.findByRole('heading', { name: 'Terms of Service' });
  await user.click(screen.getByRole('link', { name: 'Back to home' }));
  await waitFor(() => expect(currentLocation()).toBe('/'));
});

test('a load failure is logged and the page stays empty', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  server.use(http.get('*/content/privacy.md', () => new HttpResponse(null, { status: 500 })));
  await renderApp('/privacy');
  await waitFor(() =>
    expect(logged).toHaveBeenCalledWith('Failed to load the privacy document', expect.anything()),
  );
  expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  logged.mockRestore();
});

test('a link to the other legal text stays in the app', async () => {
  const { user } = await renderApp('/terms');
  await screen.findByRole('heading', { name: 'Terms of Service' });
  await user.click(within(screen.getByRole('article')).getAllByRole('link', { name: 'Privacy Policy' })[0]);
  expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
  expect(currentLocation()).toBe('/privacy');
});
