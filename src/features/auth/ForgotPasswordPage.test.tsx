import { screen, waitFor } from '@testing-library/react';
import { failNext, holdResponses } from '@mocks/control';
import { lastBodyOf, requestsTo } from '@mocks/log';
import { currentLocation, renderApp } from '@/test/renderApp';
import { enterText } from '@/test/enterText';

const renderForgot = async () => {
  const view = await renderApp('/forgot-password');
  await screen.findByRole('heading', { name: 'Forgot your password?' });
  return view;
};

const sendButton = () => screen.getByRole('button', { name: 'Send reset instructions' });

test('an empty email gives "Please enter your email address" and sends nothing', async () => {
  const { user } = await renderForgot();
  await enterText(user, screen.getByRole('textbox', { name: 'Email' }), '   ');
  await user.click(sendButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address');
  expect(requestsTo('POST /auth/request-reset-password')).toHaveLength(0);
});

test('a sent request says so, then shows "Check your email" with a link back to /login', async () => {
  const { user } = await renderForgot();
  await enterText(user, screen.getByRole('textbox', { name: 'Email' }), 'demo@forwardly.example');
  await user.click(sendButton());
  expect(await screen.findByText('Reset instructions sent to your email')).toBeInTheDocument();
  // The button pressed is gone with the form: focus is on the new heading, not lost to the page.
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Check your email' })).toHaveFocus());
  expect(lastBodyOf('POST /auth/request-reset-password')).toEqual({ email: 'demo@forwardly.example' });
  await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
  await waitFor(() => expect(currentLocation()).toBe('/login'));
});

test.each([[500], ['network' as const]])('a failure (%s) keeps the form and says so', async (status) => {
  failNext('POST /auth/request-reset-password', status);
  const { user } = await renderForgot();
  await enterText(user, screen.getByRole('textbox', { name: 'Email' }), 'demo@forwardly.example');
  await user.click(sendButton());
  expect(await screen.findByText('Failed to send reset instructions. Please try again.')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  // The toast and the button's end of "Sending..." are separate updates: wait for the button.
  expect(await screen.findByRole('button', { name: 'Send reset instructions' })).toBeEnabled();
});

test('the button is busy while sending', async () => {
  const release = holdResponses('POST /auth/request-reset-password');
  const { user } = await renderForgot();
  await enterText(user, screen.getByRole('textbox', { name: 'Email' }), 'demo@forwardly.example');
  await user.click(sendButton());
  expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();
  expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
});

test('the form links back to /login', async () => {
  const { user } = await renderForgot();
  await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
  await waitFor(() => expect(currentLocation()).toBe('/login'));
});

test('a malformed email is refused in the form, once, with no generic toast', async () => {
  const { user } = await renderForgot();
  await enterText(user, screen.getByRole('textbox', { name: 'Email' }), 'sam@example');
  await user.click(sendButton());
  expect(await screen.findByRole('alert')).toHaveTextContent(/email/i);
  expect(screen.queryByText('Failed to send reset instructions. Please try again.')).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
});
