import { screen, waitFor, within } from '@testing-library/react';
import { failNext, holdResponses } from '@mocks/control';
import { lastBodyOf, requestsTo } from '@mocks/log';
import { seedUser } from '@mocks/seed';
import { PASSWORD_RULES } from '@rules/passwords';
import { browser } from '@/lib/browser';
import { currentLocation, renderApp, visitedPaths } from '@/test/renderApp';

// Onboarding step 3 and the signup flow: register, log in, checkout.

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
  localStorage.setItem('onboardingStep', 'signup');
  localStorage.setItem('selectedNumber', '+15125550103');
  localStorage.setItem('forwardingNumber', '+15125550199');
});
afterEach(() => assign.mockRestore());

const renderStep = async () => {
  const view = await renderApp('/signup');
  await screen.findByRole('heading', { name: 'Create your account' });
  return view;
};

const fillIn = async (
  user: Awaited<ReturnType<typeof renderStep>>['user'],
  { terms = true, password = 'secret-pass-1' } = {},
) => {
  await user.type(screen.getByLabelText('Full name'), 'Sam Seller');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  if (terms) await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
};

test('the form has name, email, password and a terms checkbox linking the terms and the privacy policy', async () => {
  await renderStep();
  expect(screen.getByText('Step 3 of 3')).toBeVisible();
  const form = screen.getByRole('heading', { name: 'Create your account' }).closest('form')!;
  expect(within(form).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  expect(within(form).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  expect(within(form).getByRole('checkbox', { name: /I agree to the/ })).not.toBeChecked();
  expect(within(form).getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
});

test('the password field says its rules and can show what was typed', async () => {
  const { user } = await renderStep();
  const field = screen.getByLabelText('Password');
  expect(field).toHaveAccessibleDescription(PASSWORD_RULES);
  expect(field).toHaveAttribute('type', 'password');
  const toggle = screen.getByRole('button', { name: 'Show password' });
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(field).toHaveAttribute('type', 'text');
});

// The server's rules (rules/passwords.ts), checked before sending: said once, above the form, no toast.
test.each([
  ['12345678', 'The password field must be at least 10 characters long.'],
  ['password', 'The password field must be at least 10 characters long.'],
  ['        ', 'The password must not be only spaces.'],
  ['1234567890', 'This password is too common or easy to guess. Please choose another.'],
])('the password %j is refused with its rule, and nothing is sent', async (password, sentence) => {
  const { user } = await renderStep();
  await fillIn(user, { password });
  await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
  expect(screen.queryByText('Failed to create account. Please try again.')).not.toBeInTheDocument();
  expect(requestsTo('POST /auth/register')).toHaveLength(0);
});

test('missing fields say "Please fill in all fields" and nothing is sent', async () => {
  const { user } = await renderStep();
  await user.type(screen.getByLabelText('Full name'), 'Sam Seller');
  await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
  expect(await screen.findByText('Please fill in all fields')).toBeInTheDocument();
  expect(requestsTo('POST /auth/register')).toHaveLength(0);
});

test('unaccepted terms say "Please accept the terms of service and privacy policy"', async () => {
  const { user } = await renderStep();
  await fillIn(user, { terms: false });
  await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
  expect(
    await screen.findByText('Please accept the terms of service and privacy policy'),
  ).toBeInTheDocument();
  expect(requestsTo('POST /auth/register')).toHaveLength(0);
});

test('signup registers, logs in, creates a checkout session and sends the browser to it', async () => {
  const { user } = await renderStep();
  await fillIn(user);
  await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));

  expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
  await waitFor(() =>
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/checkout\/redirect\?session_id=/)),
  );
  expect(lastBodyOf('POST /auth/register')).toEqual({
    name: 'Sam Seller',
    email: 'sam@example.com',
    password: 'secret-pass-1',
    acceptTerms: true,
  });
  expect(lastBodyOf('POST /auth/login')).toEqual({ email: 'sam@example.com', password: 'secret-pass-1' });
  expect(requestsTo('POST /billing/create-checkout-session')).toHaveLength(1);
  expect(requestsTo('POST /billing/create-checkout-session')[0].authorization).toMatch(
    /^Bearer mock-access\./,
  );
  // Signed in now: the trial explainer is where the user waits for (or retries) checkout, reached
  // straight from /signup (a detour through /dashboard would fire its queries).
  await waitFor(() => expect(currentLocation()).toBe('/trial'));
  expect(visitedPaths()).toEqual(['/signup', '/trial']);
  expect(requestsTo('GET /billing/subscription-status')).toHaveLength(0);
  await waitFor(() => expect(localStorage.getItem('access_token')).toMatch(/^mock-access\./));
  expect(localStorage.getItem('refresh_token')).toMatch(/^mock-refresh\./);
});

test('the button reads "Creating Account..." while the account is being created', async () => {
  const release = holdResponses('POST /auth/register');
  const { user } = await renderStep();
  await fillIn(user);
  await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
  expect(await screen.findByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  release();
  await waitFor(() => expect(assign).toHaveBeenCalled());
});

test('while checkout is being created the trial page shows "Setting up trial..."', async () => {
  // Hold the checkout session until the trial page has been seen waiting for it.
  const release = holdResponses('POST /billing/create-checkout-session');
  const { user } = await renderStep();
  await fillIn(user);
  await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
  expect(await screen.findByRole('button', { name: 'Setting up trial...' })).toBeDisabled();
  expect(currentLocation()).toBe('/trial');
  release();
  await waitFor(() =>
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/checkout\/redirect\?session_id=/)),
  );
  expect(await screen.findByRole('button', { name: 'Finish Setting Up Trial' })).toBeEnabled();
});

test('a failed registration toasts "Failed to create account. Please try again." and stays on the form', async () => {
  failNext('POST /auth/register', 500);
  const { user } = await renderStep();
  await fillIn(user);
  await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
  expect(await screen.findByText('Failed to create account. Please try again.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
  expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
  // A server fault has nothing for the user to change: no sentence above the form.
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(requestsTo('POST /auth/login')).toHaveLength(0);
  expect(currentLocation()).toBe('/signup');
});

test.each([
  {
    refused: 'an email that already has an account (409)',
    taken: true,
    password: 'secret-pass-1',
    sentence: 'An account with this email already exists. Please sign in.',
  },
])(
  "$refused: the server's sentence above the form, once (no generic toast)",
  async ({ taken, password, sentence }) => {
    if (taken) seedUser({ email: 'sam@example.com' });
    const { user } = await renderStep();
    await fillIn(user, { password });
    await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(screen.queryByText('Failed to create account. Please try again.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
    expect(requestsTo('POST /auth/login')).toHaveLength(0);
  },
);

test('a failed checkout after the account exists lands on the trial explainer, signed in', async () => {
  failNext('POST /billing/create-checkout-session', 500);
  const { user } = await renderStep();
  await fillIn(user);
  await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
  expect(await screen.findByText('Failed to create checkout session. Please try again.')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Start Your Risk-Free Trial Today' })).toBeVisible();
  expect(currentLocation()).toBe('/trial');
  expect(screen.getByRole('button', { name: 'Finish Setting Up Trial' })).toBeEnabled();
  expect(assign).not.toHaveBeenCalled();
});

test('a failed login after the account exists leads to /login to sign in by hand', async () => {
  failNext('POST /auth/login', 500);
  const { user } = await renderStep();
  await fillIn(user);
  await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
  expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
  expect(await screen.findByText('Please sign in to finish setting up your trial.')).toBeInTheDocument();
  await waitFor(() => expect(currentLocation()).toBe('/login'));
  expect(requestsTo('POST /billing/create-checkout-session')).toHaveLength(0);
});
