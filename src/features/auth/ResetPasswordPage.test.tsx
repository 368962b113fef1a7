import { screen, waitFor } from '@testing-library/react';
import { failNext, holdResponses } from '@mocks/control';
import { lastBodyOf, requestsTo } from '@mocks/log';
import { PASSWORD_RULES } from '@rules/passwords';
import { currentLocation, renderApp } from '@/test/renderApp';
import { enterText } from '@/test/enterText';

const renderReset = async (route = '/reset-password?token=mock-reset-demo') => {
  const view = await renderApp(route);
  await screen.findByRole('heading', { level: 1 });
  return view;
};

const fillIn = async (
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  password: string,
  confirm: string,
) => {
  if (password) await enterText(user, screen.getByLabelText(/^New password/), password);
  if (confirm) await enterText(user, screen.getByLabelText(/^Confirm password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
};

test('without a token it shows "Invalid Reset Link" with a way to /forgot-password', async () => {
  const { user } = await renderReset('/reset-password');
  expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
  expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Request a new link' }));
  await waitFor(() => expect(currentLocation()).toBe('/forgot-password'));
});

test.each([
  ['', ''],
  ['fresh new passphrase', ''],
  ['', 'fresh new passphrase'],
])('"%s" / "%s" give "Please fill in all fields"', async (password, confirm) => {
  const { user } = await renderReset();
  await fillIn(user, password, confirm);
  expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
  expect(requestsTo('POST /auth/reset-password')).toHaveLength(0);
});

test('different passwords give "Passwords do not match"', async () => {
  const { user } = await renderReset();
  await fillIn(user, 'fresh new passphrase', 'fresh new passphrase 2');
  expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
  expect(requestsTo('POST /auth/reset-password')).toHaveLength(0);
});

test('the new password says its rules, and one that breaks them is refused before sending', async () => {
  const { user } = await renderReset();
  expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(PASSWORD_RULES);
  await fillIn(user, '1234567890', '1234567890');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This password is too common or easy to guess. Please choose another.',
  );
  expect(requestsTo('POST /auth/reset-password')).toHaveLength(0);
});

test('an empty token parameter gives "Invalid reset token" on submit', async () => {
  const { user } = await renderReset('/reset-password?token=');
  await fillIn(user, 'fresh new passphrase', 'fresh new passphrase');
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid reset token');
  expect(requestsTo('POST /auth/reset-password')).toHaveLength(0);
});

test('the token leaves the address bar once read, and the reset still sends it', async () => {
  const { user } = await renderReset('/reset-password?token=mock-reset-demo&utm_source=mail');
  await waitFor(() => expect(currentLocation()).toBe('/reset-password?utm_source=mail'));
  await fillIn(user, 'fresh new passphrase', 'fresh new passphrase');
  await waitFor(() => expect(currentLocation()).toBe('/login'));
  expect(lastBodyOf('POST /auth/reset-password')).toEqual({
    token: 'mock-reset-demo',
    password: 'fresh new passphrase',
  });
});

test('a reset sends the token and password, says so and goes to /login', async () => {
  const { user } = await renderReset();
  await fillIn(user, 'fresh new passphrase', 'fresh new passphrase');
  expect(await screen.findByText('Password reset successful!')).toBeInTheDocument();
  await waitFor(() => expect(currentLocation()).toBe('/login'));
  expect(lastBodyOf('POST /auth/reset-password')).toEqual({
    token: 'mock-reset-demo',
    password: 'fresh new passphrase',
  });
});

test.each([[400], [500], ['network' as const]])('a failure (%s) says so and stays', async (status) => {
  failNext('POST /auth/reset-password', status);
  const { user } = await renderReset();
  await fillIn(user, 'fresh new passphrase', 'fresh new passphrase');
  expect(await screen.findByText('Failed to reset password. Please try again.')).toBeInTheDocument();
  expect(currentLocation()).toBe('/reset-password');
});

test("an expired or used link: the toast, and the server's sentence in the form", async () => {
  const { user } = await renderReset('/reset-password?token=mock-reset-used');
  await fillIn(user, 'fresh new passphrase', 'fresh new passphrase');
  expect(await screen.findByText('Failed to reset password. Please try again.')).toBeInTheDocument();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This reset link is invalid or has expired. Please request a new one.',
  );
  expect(currentLocation()).toBe('/reset-password');
});

test('the button is busy while resetting', async () => {
  const release = holdResponses('POST /auth/reset-password');
  const { user } = await renderReset();
  await fillIn(user, 'fresh new passphrase', 'fresh new passphrase');
  expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
  release();
  await waitFor(() => expect(currentLocation()).toBe('/login'));
});
