import { screen, waitFor, within } from '@testing-library/react';
import { currentLocation, renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

// Signed in, /terms and /privacy send to the dashboard (src/app/routes.test.tsx): the links open the text
// in a dialog instead.
beforeEach(() => signIn());

const openSettings = async () => {
  const view = await renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return view;
};

test("signed in, the footer's Terms of Service opens the terms over the page, and Close gives focus back", async () => {
  const { user } = await openSettings();
  const link = screen.getByRole('button', { name: 'Terms of Service' });
  await user.click(link);
  const dialog = await screen.findByRole('dialog', { name: 'Terms of Service' });
  expect(within(dialog).getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
  expect(within(dialog).getAllByText(/14-day free trial/).length).toBeGreaterThan(0);
  expect(currentLocation()).toBe('/settings');
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(link).toHaveFocus();
});

test("the terms' link to the privacy policy opens that text too, without leaving the page", async () => {
  const { user } = await openSettings();
  await user.click(screen.getByRole('button', { name: 'Terms of Service' }));
  const terms = await screen.findByRole('dialog', { name: 'Terms of Service' });
  await user.click(within(terms).getAllByRole('button', { name: 'Privacy Policy' })[0]);
  const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
  expect(within(privacy).getAllByText(/Call records:/).length).toBeGreaterThan(0);
  expect(currentLocation()).toBe('/settings');
});

test('the delete section and the delete dialog open the privacy policy', async () => {
  const { user } = await openSettings();
  const section = screen.getByRole('region', { name: 'Delete account' });
  await user.click(within(section).getByRole('button', { name: 'privacy policy' }));
  const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
  await user.click(within(privacy).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await user.click(within(section).getByRole('button', { name: 'Delete account' }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete your account?' });
  await user.click(within(confirm).getByRole('button', { name: 'privacy policy' }));
  expect(await screen.findByRole('dialog', { name: 'Privacy Policy' })).toBeInTheDocument();
});
