import { screen, waitFor, within } from '@testing-library/react';
import { DEMO } from '@mocks/fixtures';
import { seedSubscription } from '@mocks/seed';
import { currentLocation, renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

// Signed in, /terms and /privacy send to the dashboard (src/app/routes.test.tsx): the links open the text
// in a dialog over the page instead.
beforeEach(() => signIn());

const openSettings = async () => {
  const view = await renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return view;
};

test("signed in, the footer's Terms of Service opens the terms over the page, and Close gives focus back", async () => {
  const { user } = await openSettings();
  const link = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terms of Service' });
  await user.click(link);
  const dialog = await screen.findByRole('dialog', { name: 'Terms of Service' });
  expect(
    await within(dialog).findByRole('heading', { level: 1, name: 'Terms of Service' }),
  ).toBeInTheDocument();
  expect(within(dialog).getAllByText(/14-day free trial/).length).toBeGreaterThan(0);
  expect(currentLocation()).toBe('/settings?legal=terms');
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(currentLocation()).toBe('/settings');
  expect(link).toHaveFocus();
});

test("the terms' link to the privacy policy shows that text, still on the page", async () => {
  const { user } = await openSettings();
  await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terms of Service' }));
  const terms = await screen.findByRole('dialog', { name: 'Terms of Service' });
  await user.click((await within(terms).findAllByRole('link', { name: 'Privacy Policy' }))[0]);
  const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
  expect((await within(privacy).findAllByText(/Call records:/)).length).toBeGreaterThan(0);
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  expect(currentLocation()).toBe('/settings?legal=privacy');
});

test('the delete section and the delete dialog open the privacy policy', async () => {
  const { user } = await openSettings();
  const section = screen.getByRole('region', { name: 'Delete account' });
  await user.click(within(section).getByRole('link', { name: 'privacy policy' }));
  const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
  await user.click(within(privacy).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await user.click(within(section).getByRole('button', { name: 'Delete account' }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete your account?' });
  await user.click(within(confirm).getByRole('link', { name: 'privacy policy' }));
  expect(await screen.findByRole('dialog', { name: 'Privacy Policy' })).toBeInTheDocument();
});

test('on the Subscription Required screen too', async () => {
  seedSubscription(DEMO.email, null);
  const { user } = await renderApp('/dashboard?legal=privacy');
  await screen.findByRole('heading', { name: 'Subscription Required', hidden: true });
  const privacy = await screen.findByRole('dialog', { name: 'Privacy Policy' });
  await user.click(within(privacy).getByRole('button', { name: 'Close' }));
  expect(await screen.findByRole('heading', { name: 'Subscription Required' })).toBeInTheDocument();
  expect(currentLocation()).toBe('/dashboard');
});
