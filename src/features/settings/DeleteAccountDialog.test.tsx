import { screen, waitFor, within } from '@testing-library/react';
import { failNext } from '@mocks/control';
import { db } from '@mocks/db';
import { DEMO } from '@mocks/fixtures';
import { lastBodyOf, requestsTo } from '@mocks/log';
import { enterText } from '@/test/enterText';
import { currentLocation, renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

beforeEach(() => {
  signIn();
});

const openDialog = async () => {
  const view = await renderApp('/settings');
  await view.user.click(await screen.findByRole('button', { name: 'Delete account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  const confirm = async (password: string) => {
    await enterText(view.user, within(dialog).getByLabelText(/^Password/), password);
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  };
  return { ...view, dialog, confirm };
};

test('says, before the password, that extra minutes already used are charged first', async () => {
  const { dialog } = await openDialog();
  expect(dialog).toHaveTextContent(
    'Extra minutes beyond your plan that you have already used are charged to your card first, as when any paid subscription ends (never during the free trial).',
  );
});

test('a wrong password says so and deletes nothing', async () => {
  const { dialog, confirm } = await openDialog();
  await confirm('not my password');
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('That password is not right');
  expect(db.users.some((u) => u.email === DEMO.email)).toBe(true);
  expect(currentLocation()).toBe('/settings');
});

test('too many wrong passwords: the server says how long to wait, and nothing is deleted', async () => {
  const sentence = 'Too many wrong passwords. Please try again in 15 minutes.';
  failNext('DELETE /account', 429, { error: 'too_many_requests', message: sentence });
  const { dialog, confirm } = await openDialog();
  await confirm(DEMO.password);
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(sentence);
  expect(db.users.some((u) => u.email === DEMO.email)).toBe(true);
});

test('Cancel closes the dialog without a request', async () => {
  const { user, dialog } = await openDialog();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(requestsTo('DELETE /account')).toHaveLength(0);
});

test('the password deletes the account, signs out with a toast and goes home', async () => {
  const { confirm } = await openDialog();
  await confirm(DEMO.password);
  expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
  await waitFor(() => expect(currentLocation()).toBe('/'));
  expect(lastBodyOf('DELETE /account')).toEqual({ password: DEMO.password });
  expect(localStorage.getItem('access_token')).toBeNull();
  expect(localStorage.getItem('refresh_token')).toBeNull();
  expect(db.users.some((u) => u.email === DEMO.email)).toBe(false);
});

test("deleting the account forgets this browser's onboarding choices", async () => {
  localStorage.setItem('selectedNumber', DEMO.businessNumber);
  localStorage.setItem('forwardingNumber', DEMO.forwardingNumber);
  const { confirm, store } = await openDialog();
  await confirm(DEMO.password);
  await waitFor(() => expect(currentLocation()).toBe('/'));
  await waitFor(() => expect(localStorage.getItem('selectedNumber')).toBe(''));
  expect(localStorage.getItem('forwardingNumber')).toBe('');
  expect(localStorage.getItem('onboardingStep')).toBe('search');
  expect(store.getState().onboarding).toMatchObject({
    step: 'search',
    selectedNumber: '',
    forwardingNumber: '',
  });
});

test('a failure says so and keeps the person signed in', async () => {
  failNext('DELETE /account', 500);
  const { confirm } = await openDialog();
  await confirm(DEMO.password);
  expect(await screen.findByText('Failed to delete account. Please try again.')).toBeInTheDocument();
  expect(currentLocation()).toBe('/settings');
  expect(localStorage.getItem('access_token')).not.toBeNull();
});
