import { screen, waitFor } from '@testing-library/react';
import { themePalette } from '@/test/palette';
import { currentLocation, renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

test.each(['/dashboard', '/settings', '/nowhere'])(
  'signed out, %s redirects to the landing page',
  async (path) => {
    await renderApp(path);
    await waitFor(() => expect(currentLocation()).toBe('/'));
  },
);

test.each(['/', '/login', '/signup', '/terms', '/privacy', '/nowhere'])(
  'signed in, %s redirects to /dashboard',
  async (path) => {
    signIn();
    await renderApp(path);
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  },
);

test.each([['signed out'], ['signed in']])('/checkout/redirect is served %s', async (state) => {
  if (state === 'signed in') signIn();
  await renderApp('/checkout/redirect?session_id=cs_1');
  await screen.findByTestId('location');
  expect(currentLocation()).toBe('/checkout/redirect?session_id=cs_1');
});

test('the footer links to the terms and the privacy policy', async () => {
  await renderApp('/login');
  expect(await screen.findByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  expect(screen.getByText(/© \d{4} .+\. All rights reserved\./)).toBeInTheDocument();
});

// MUI 9's Typography takes `textSecondary`; the palette path `text.secondary` of earlier versions is
// ignored there, and such text showed in the primary color.
test("secondary text shows in the palette's secondary text color", async () => {
  await renderApp('/login');
  const notice = await screen.findByText(/All rights reserved/);
  expect(notice).toHaveStyle({ color: themePalette().text.secondary });
});
