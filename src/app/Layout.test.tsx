import { screen, waitFor } from '@testing-library/react';
import { DEMO } from '@mocks/fixtures';
import { seedSubscription } from '@mocks/seed';
import { enterText } from '@/test/enterText';
import { currentLocation, renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

// After an in-app navigation focus moves to the new page's h1: the link or button that led there is gone
// with the old page, and the heading tells a screen reader where it now is. Not on a first load.

const pageHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('focus after navigation', () => {
  test('a first load leaves focus alone', async () => {
    await renderApp('/login');
    await pageHeading('Welcome back');
    expect(document.body).toHaveFocus();
  });

  test('a first load redirected on its way (signed in, at /) leaves focus alone too', async () => {
    signIn();
    await renderApp('/');
    await pageHeading('Dashboard');
    expect(currentLocation()).toBe('/dashboard');
    expect(document.body).toHaveFocus();
  });

  test('"Find Your Number" on the landing page moves focus to the signup heading', async () => {
    const { user } = await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Find Your Number' }));
    const heading = await pageHeading('Choose your business number');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  test('signing in moves focus to the dashboard heading', async () => {
    const { user } = await renderApp('/login');
    await enterText(user, await screen.findByRole('textbox', { name: 'Email' }), DEMO.email);
    await enterText(user, screen.getByLabelText(/^Password/), 'password123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const heading = await pageHeading('Dashboard');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  test('dashboard to settings and back moves focus to each heading', async () => {
    signIn();
    const { user } = await renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Settings' }));
    const settings = await pageHeading('Settings');
    await waitFor(() => expect(settings).toHaveFocus());
    await user.click(screen.getByRole('link', { name: 'Back to dashboard' }));
    const dashboard = await pageHeading('Dashboard');
    await waitFor(() => expect(dashboard).toHaveFocus());
  });

  test('a page whose heading arrives later (the terms, fetched) gets focus once it has', async () => {
    const { user } = await renderApp('/login');
    await pageHeading('Welcome back');
    // The footer's link stays on screen, and keeps focus until the new page's heading arrives.
    await user.click(screen.getByRole('link', { name: 'Terms of Service' }));
    const heading = await pageHeading('Terms of Service');
    await waitFor(() => expect(heading).toHaveFocus());
  });
});

test.each([
  ['/', 'A US business number that rings your own phone'],
  ['/login', 'Welcome back'],
  ['/forgot-password', 'Forgot your password?'],
  ['/reset-password', 'Invalid Reset Link'],
  ['/reset-password?token=t0ken', 'Set a new password'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/checkout/cancel', 'Checkout cancelled'],
  ['/signup', 'Choose your business number'],
])('signed out, %s has one h1, which can take focus', async (route, name) => {
  await renderApp(route);
  expect(await pageHeading(name)).toHaveAttribute('tabindex', '-1');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

test.each([
  ['/trial', 'Start Your Risk-Free Trial Today'],
  ['/dashboard', 'Dashboard'],
  ['/settings', 'Settings'],
  // Whichever state the return from checkout is in when looked at.
  ['/checkout/redirect?session_id=cs_1', /subscription|business line|all set/],
])('signed in, %s has one h1, which can take focus', async (route, name) => {
  signIn();
  await renderApp(route);
  expect(await pageHeading(name)).toHaveAttribute('tabindex', '-1');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

test('the Subscription Required screen has one h1, which can take focus', async () => {
  signIn();
  seedSubscription(DEMO.email, null);
  await renderApp('/dashboard');
  expect(await pageHeading('Subscription Required')).toHaveAttribute('tabindex', '-1');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});
