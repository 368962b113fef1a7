import { screen, waitFor } from '@testing-library/react';
import { failNext, holdResponses } from '@mocks/control';
import { lastBodyOf, requestsTo } from '@mocks/log';
import { currentLocation, renderApp } from '@/test/renderApp';
import { enterText } from '@/test/enterText';

const renderLogin = async () => {
  const view = await renderApp('/login');
  await screen.findByRole('heading', { name: 'Welcome back' });
  return view;
};

const fillIn = async (
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  email: string,
  password: string,
) => {
  if (email) await enterText(user, screen.getByRole('textbox', { name: 'Email' }), email);
  if (password) await enterText(user, screen.getByLabelText(/^Password/), password);
};

const signInButton = () => screen.getByRole('button', { name: 'Sign in' });

test.each([
  ['', ''],
  ['demo@forwardly.example', ''],
  ['', 'password123'],
])(
  'email "%s" and password "%s" give "Please fill in all fields" and send nothing',
  async (email, password) => {
    const { user } = await renderLogin();
    await fillIn(user, email, password);
    await user.click(signInButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(requestsTo('POST /auth/login')).toHaveLength(0);
  },
);

test('signing in stores both tokens, says so and goes to /dashboard', async () => {
  const { user } = await renderLogin();
  await fillIn(user, 'demo@forwardly.example', 'password123');
  await user.click(signInButton());
  expect(await screen.findByText('Login successful!')).toBeInTheDocument();
  await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  expect(lastBodyOf('POST /auth/login')).toEqual({
    email: 'demo@forwardly.example',
    password: 'password123',
  });
  await waitFor(() => expect(localStorage.getItem('access_token')).toBeTruthy());
  expect(localStorage.getItem('refresh_token')).toBeTruthy();
});

test('a wrong password (401) says "Invalid email or password" and stays signed out', async () => {
  const { user } = await renderLogin();
  await fillIn(user, 'demo@forwardly.example', 'wrong-password');
  await user.click(signInButton());
  expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  expect(currentLocation()).toBe('/login');
  expect(localStorage.getItem('access_token')).toBeNull();
  // A failed login is not a session expiry: no refresh is attempted.
  expect(requestsTo('POST /auth/refresh')).toHaveLength(0);
});

test.each([[500], ['network' as const]])(
  'any other failure (%s) gives the generic message',
  async (status) => {
    failNext('POST /auth/login', status);
    const { user } = await renderLogin();
    await fillIn(user, 'demo@forwardly.example', 'password123');
    await user.click(signInButton());
    expect(await screen.findByText('An error occurred during login. Please try again.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
  },
);

test('the button is busy while signing in', async () => {
  const release = holdResponses('POST /auth/login');
  const { user } = await renderLogin();
  await fillIn(user, 'demo@forwardly.example', 'password123');
  await user.click(signInButton());
  expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  release();
  await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
});

test('"Remember me" can be ticked and changes nothing that is sent or stored', async () => {
  const { user } = await renderLogin();
  const remember = screen.getByRole('checkbox', { name: 'Remember me' });
  await user.click(remember);
  expect(remember).toBeChecked();
  await fillIn(user, 'demo@forwardly.example', 'password123');
  await user.click(signInButton());
  await waitFor(() => expect(localStorage.getItem('access_token')).toBeTruthy());
  expect(lastBodyOf('POST /auth/login')).toEqual({
    email: 'demo@forwardly.example',
    password: 'password123',
  });
  expect(Object.keys(localStorage).filter((key) => /remember/i.test(key))).toEqual([]);
});

test.each([
  ['Forgot password?', '/forgot-password'],
  ['Sign up', '/signup'],
])('"%s" links to %s', async (name, path) => {
  const { user } = await renderLogin();
  await user.click(screen.getByRole('link', { name }));
  await waitFor(() => expect(currentLocation()).toBe(path));
});
