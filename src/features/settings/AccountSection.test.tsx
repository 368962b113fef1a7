import { screen, waitFor, within } from '@testing-library/react';
import { failNext } from '@mocks/control';
import { db } from '@mocks/db';
import { DEMO } from '@mocks/fixtures';
import { requestsTo } from '@mocks/log';
import { issueTokens } from '@mocks/tokens';
import { PASSWORD_RULES } from '@rules/passwords';
import { enterText } from '@/test/enterText';
import { renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

beforeEach(() => {
  signIn();
});

const NEW_PASSWORD = 'a brand new passphrase';

const openForm = async () => {
  const view = await renderApp('/settings');
  const account = await screen.findByRole('region', { name: 'Account' });
  const form = within(account).getByRole('form', { name: 'Change password' });
  const field = (name: string) => within(form).getByLabelText(new RegExp(`^${name}`));
  const fill = async (current: string, next: string, confirmation = next) => {
    for (const [name, text] of [
      ['Current password', current],
      ['New password', next],
      ['Confirm new password', confirmation],
    ]) {
      if (text) await enterText(view.user, field(name), text);
    }
    await view.user.click(within(form).getByRole('button', { name: 'Change password' }));
  };
  return { ...view, account, form, field, fill };
};

const demoPassword = () => db.users.find((u) => u.email === DEMO.email)!.password;

test('shows the name and email of the signed-in account', async () => {
  const { account } = await openForm();
  expect(await within(account).findByText(DEMO.name)).toBeInTheDocument();
  expect(within(account).getByText(DEMO.email)).toBeInTheDocument();
});

test('a failed load of the name and email says so, and Retry loads them', async () => {
  failNext('GET /account', 500);
  const { account, user } = await openForm();
  expect(await within(account).findByRole('alert')).toHaveTextContent('Could not load your name and email.');
  await user.click(within(account).getByRole('button', { name: 'Retry' }));
  expect(await within(account).findByText(DEMO.email)).toBeInTheDocument();
});

test('the fields are labelled for password managers, the rules shown under the new one, each with a toggle', async () => {
  const { form, field } = await openForm();
  expect(field('Current password')).toHaveAttribute('autocomplete', 'current-password');
  expect(field('New password')).toHaveAttribute('autocomplete', 'new-password');
  expect(field('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
  expect(field('New password')).toHaveAccessibleDescription(PASSWORD_RULES);
  expect(within(form).getAllByRole('button', { name: 'Show password' })).toHaveLength(3);
});

test('the current password changes to the new one: a toast, the form cleared, still signed in', async () => {
  const { fill, field, account } = await openForm();
  await fill(DEMO.password, NEW_PASSWORD);
  expect(await screen.findByText('Password changed')).toBeInTheDocument();
  expect(demoPassword()).toBe(NEW_PASSWORD);
  for (const name of ['Current password', 'New password', 'Confirm new password'])
    expect(field(name)).toHaveValue('');
  expect(within(account).getByText(DEMO.email)).toBeInTheDocument();
});

test('other devices are signed out, this one is not', async () => {
  const elsewhere = issueTokens(DEMO.email);
  const { fill } = await openForm();
  await fill(DEMO.password, NEW_PASSWORD);
  await screen.findByText('Password changed');
  expect(db.refreshTokens[elsewhere.refresh_token]).toBeUndefined();
  expect(db.refreshTokens[localStorage.getItem('refresh_token')!]).toBe(
    db.users.find((u) => u.email === DEMO.email)!.id,
  );
});

test('a wrong current password is said once, under that field, with no toast', async () => {
  const { fill, field } = await openForm();
  await fill('not my password', NEW_PASSWORD);
  await waitFor(() =>
    expect(field('Current password')).toHaveAccessibleDescription(
      'Your current password is not right. Please try again.',
    ),
  );
  expect(field('Current password')).toHaveAttribute('aria-invalid', 'true');
  expect(field('Current password')).toHaveFocus();
  expect(screen.getAllByText('Your current password is not right. Please try again.')).toHaveLength(1);
  expect(screen.queryByText(/Failed to change password/)).not.toBeInTheDocument();
  expect(demoPassword()).toBe(DEMO.password);
});

test('too many wrong passwords: the wait is said under the current password', async () => {
  const sentence = 'Too many wrong passwords. Please try again in 15 minutes.';
  failNext('POST /auth/change-password', 429, { error: 'too_many_requests', message: sentence });
  const { fill, field } = await openForm();
  await fill(DEMO.password, NEW_PASSWORD);
  await waitFor(() => expect(field('Current password')).toHaveAccessibleDescription(sentence));
  expect(screen.queryByText(/Failed to change password/)).not.toBeInTheDocument();
});

test('a weak new password is refused under the new password, before any request', async () => {
  const { fill, field } = await openForm();
  await fill(DEMO.password, '1234567890');
  await waitFor(() =>
    expect(field('New password')).toHaveAccessibleDescription(
      'This password is too common or easy to guess. Please choose another.',
    ),
  );
  expect(requestsTo('POST /auth/change-password')).toHaveLength(0);
});

test("the server's refusal of the new password is said under it, with no toast", async () => {
  const sentence = 'This password is too common or easy to guess. Please choose another.';
  failNext('POST /auth/change-password', 400, { error: 'weak_password', message: sentence });
  const { fill, field } = await openForm();
  await fill(DEMO.password, NEW_PASSWORD);
  await waitFor(() => expect(field('New password')).toHaveAccessibleDescription(sentence));
  expect(screen.queryByText(/Failed to change password/)).not.toBeInTheDocument();
});

test('a confirmation that differs says "Passwords do not match" under it, before any request', async () => {
  const { fill, field } = await openForm();
  await fill(DEMO.password, NEW_PASSWORD, 'a different passphrase');
  await waitFor(() =>
    expect(field('Confirm new password')).toHaveAccessibleDescription('Passwords do not match'),
  );
  expect(requestsTo('POST /auth/change-password')).toHaveLength(0);
});

test('empty fields are named, before any request', async () => {
  const { fill, field } = await openForm();
  await fill('', '');
  await waitFor(() =>
    expect(field('Current password')).toHaveAccessibleDescription('Please enter your current password'),
  );
  expect(field('New password')).toHaveAccessibleDescription('Please enter a new password');
  expect(requestsTo('POST /auth/change-password')).toHaveLength(0);
});

test.each([[500], ['network' as const]])(
  'a failure (%s) says so in a toast and keeps the form',
  async (status) => {
    failNext('POST /auth/change-password', status);
    const { fill, field } = await openForm();
    await fill(DEMO.password, NEW_PASSWORD);
    expect(await screen.findByText('Failed to change password. Please try again.')).toBeInTheDocument();
    expect(field('New password')).toHaveValue(NEW_PASSWORD);
    expect(demoPassword()).toBe(DEMO.password);
  },
);
