import { screen } from '@testing-library/react';
import { failNext } from '@mocks/control';
import { renderApp } from '@/test/renderApp';
import { enterText } from '@/test/enterText';

// A 429 from sign-in or a reset request shows the server's sentence, not a generic failure.

test('sign-in refused while failed attempts back off says "Invalid email or password."', async () => {
  failNext('POST /auth/login', 429, { error: 'too_many_requests', message: 'Invalid email or password.' });
  const { user } = await renderApp('/login');
  await enterText(user, await screen.findByRole('textbox', { name: 'Email' }), 'demo@forwardly.example');
  await enterText(user, screen.getByLabelText(/^Password/), 'password123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
  expect(screen.queryByText('An error occurred during login. Please try again.')).not.toBeInTheDocument();
});

test('sign-in refused by the per-address limit says to wait', async () => {
  const sentence = 'Too many attempts. Please wait a minute and try again.';
  failNext('POST /auth/login', 429, { error: 'too_many_requests', message: sentence });
  const { user } = await renderApp('/login');
  await enterText(user, await screen.findByRole('textbox', { name: 'Email' }), 'demo@forwardly.example');
  await enterText(user, screen.getByLabelText(/^Password/), 'password123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText(sentence)).toBeInTheDocument();
});

test('too many reset requests says to check the inbox or wait', async () => {
  const sentence = 'Too many reset requests for this email. Please check your inbox, or try again in 1 hour.';
  failNext('POST /auth/request-reset-password', 429, { error: 'too_many_requests', message: sentence });
  const { user } = await renderApp('/forgot-password');
  await enterText(user, await screen.findByRole('textbox', { name: 'Email' }), 'demo@forwardly.example');
  await user.click(screen.getByRole('button', { name: 'Send reset instructions' }));
  expect(await screen.findByText(sentence)).toBeInTheDocument();
  expect(screen.queryByText('Failed to send reset instructions. Please try again.')).not.toBeInTheDocument();
});
