import { screen, waitFor } from '@testing-library/react';
import { palette } from '@/app/theme/palette';
import { currentLocation, renderWithProviders } from '@/test/renderWithProviders';
import { signIn } from '@/test/signIn';

test.each(['/dashboard', '/settings', '/nowhere'])(
  'signed out, %s redirects to the landing page',
  async (path) => {
    renderWithProviders(undefined, { route: path });
    await waitFor(() => expect(currentLocation()).toBe('/'));
  },
);

test.each(['/', '/login', '/signup', '/nowhere'])('signed in, %s redirects to /dashboard', async (path) => {
  signIn();
  renderWithProviders(undefined, { route: path });
  await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
});

test.each([['signed out'], ['signed in']])('/checkout/redirect is served %s', async (state) => {
  if (state === 'signed in') signIn();
  renderWithProviders(undefined, { route: '/checkout/redirect?session_id=cs_1' });
  await screen.findByTestId('location');
  expect(currentLocation()).toBe('/checkout/redirect?session_id=cs_1');
});

test('the footer links to the terms and the privacy policy', async () => {
  renderWithProviders(undefined, { route: '/login' });
  expect(await screen.findByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  expect(screen.getByText(/© \d{4} .+\. All rights reserved\./)).toBeInTheDocument();
});

// MUI 9's Typography takes `textSecondary`; the palette path `text.secondary` of earlier versions is
// ignored there, and such text showed in the primary color.
test("secondary text shows in the palette's secondary text color", async () => {
  renderWithProviders(undefined, { route: '/login' });
  const notice = await screen.findByText(/All rights reserved/);
  expect(notice).toHaveStyle({ color: palette.text!.secondary });
});
