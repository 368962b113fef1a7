import { act, screen, waitFor } from '@testing-library/react';
import { failNext, holdResponses } from '@mocks/control';
import { lastBodyOf, requestsTo } from '@mocks/log';
import { subscriptionOf } from '@mocks/db';
import { seedNumber, seedSubscription, seedUser } from '@mocks/seed';
import { initAnalytics } from '@/lib/analytics';
import { browser } from '@/lib/browser';
import { enterText } from '@/test/enterText';
import { currentLocation, renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';
import { stopClock, whileClockStands } from '@/test/stoppedClock';
import { selectSetupStatus } from './setupSlice';
import { findBusinessNumber } from '@/test/businessNumber';

// The post-checkout setup flow (docs/onboarding.md), one test per branch.

const EMAIL = 'new@example.com';
const RETURN_URL = '/checkout/redirect?session_id=cs_1';
const sendBeacon = jest.fn();
let assign: jest.SpyInstance;

beforeAll(() => {
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  initAnalytics('test-key', 'device-1');
});
beforeEach(() => {
  sendBeacon.mockClear();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
  seedUser({ email: EMAIL });
  seedSubscription(EMAIL);
  signIn(EMAIL);
});
afterEach(() => assign.mockRestore());

const store = ({ selected = '', forwarding = '' }) => {
  if (selected) localStorage.setItem('selectedNumber', selected);
  if (forwarding) localStorage.setItem('forwardingNumber', forwarding);
};
let finishedAt = 0;
const renderSetup = async () => {
  const view = await renderApp(RETURN_URL);
  finishedAt = 0;
  // When the setup reached a final state: the 1.5 s redirect delay is measured from there.
  view.store.subscribe(() => {
    const status = selectSetupStatus(view.store.getState());
    if (!finishedAt && (status === 'complete' || status === 'alreadySetUp')) finishedAt = Date.now();
  });
  return view;
};
const conversions = () =>
  sendBeacon.mock.calls.filter(([, body]) => String(body).includes('"event_type":"trial_started"'));

/** The status screen stays for 1.5 s, then /dashboard replaces it. */
const expectDashboardAfterDelay = async () => {
  expect(currentLocation()).toBe(RETURN_URL);
  await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  expect(Date.now() - finishedAt).toBeGreaterThanOrEqual(1450);
};

const expectErrorScreen = async (message: string) => {
  expect(await screen.findByRole('heading', { name: 'We could not finish setting up' })).toBeVisible();
  expect(screen.getByText(message)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Need Help? Contact Support' })).toHaveAttribute(
    'href',
    'mailto:support@forwardly.example',
  );
  expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
};

const SUBSCRIPTION_ERROR =
  'There was a problem setting up your subscription. Please try again or contact support.';

test('shows "Verifying your subscription" while the subscription is checked', async () => {
  const release = holdResponses('GET /billing/subscription-status');
  await renderSetup();
  expect(await screen.findByRole('heading', { name: 'Verifying your subscription' })).toBeVisible();
  release();
  await screen.findByRole('heading', { name: 'Choose your business number' });
});

test('without a subscription: the subscription error, no conversion, nothing else called', async () => {
  seedSubscription(EMAIL, null);
  await renderSetup();
  await expectErrorScreen(SUBSCRIPTION_ERROR);
  expect(requestsTo('GET /billing/subscription-status')).toHaveLength(1);
  expect(requestsTo('GET /dashboard/phone-number')).toHaveLength(0);
  expect(conversions()).toHaveLength(0);
  expect(currentLocation()).toBe(RETURN_URL);
});

test('a subscription check that fails again when asked once more is treated as no subscription', async () => {
  failNext('GET /billing/subscription-status', 500);
  failNext('GET /billing/subscription-status', 500);
  await renderSetup();
  await expectErrorScreen(SUBSCRIPTION_ERROR);
  expect(requestsTo('GET /dashboard/phone-number')).toHaveLength(0);
  expect(conversions()).toHaveLength(0);
});

test('a subscription check that fails once is asked again, and setup goes on', async () => {
  failNext('GET /billing/subscription-status', 500);
  await renderSetup();
  expect(await screen.findByRole('heading', { name: 'Choose your business number' })).toBeVisible();
  expect(requestsTo('GET /billing/subscription-status')).toHaveLength(2);
});

test('a failed number lookup after verification: the general error; Try Again runs the setup again', async () => {
  failNext('GET /dashboard/phone-number', 500);
  const { user } = await renderSetup();
  await expectErrorScreen(
    'Something went wrong while setting up your account. Please try again or contact support.',
  );
  expect(conversions()).toHaveLength(1);

  await user.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(await screen.findByRole('heading', { name: 'Choose your business number' })).toBeVisible();
  expect(requestsTo('GET /billing/subscription-status')).toHaveLength(2);
  expect(requestsTo('GET /dashboard/phone-number')).toHaveLength(2);
  expect(requestsTo('POST /billing/create-checkout-session')).toHaveLength(0);
  expect(conversions()).toHaveLength(1);
});

test('a number that already forwards: "already set up", conversion fired, /dashboard after 1.5 s', async () => {
  seedNumber(EMAIL, '+15125550150', '+12125550142');
  await renderSetup();
  expect(await screen.findByRole('heading', { name: 'Your business line is already set up' })).toBeVisible();
  expect(conversions()).toHaveLength(1);
  expect(requestsTo('POST /twilio/purchase-number')).toHaveLength(0);
  expect(requestsTo('POST /twilio/number-configuration')).toHaveLength(0);
  await expectDashboardAfterDelay();
});

test('the final status stays 1.5 s to the millisecond, then /dashboard replaces it', async () => {
  seedNumber(EMAIL, '+15125550150', '+12125550142');
  const release = holdResponses('GET /dashboard/phone-number');
  await renderSetup();
  stopClock();
  release();
  await whileClockStands(() =>
    expect(screen.getByRole('heading', { name: 'Your business line is already set up' })).toBeVisible(),
  );

  act(() => jest.advanceTimersByTime(1499));
  expect(currentLocation()).toBe(RETURN_URL);
  act(() => jest.advanceTimersByTime(1));
  expect(currentLocation()).toBe('/dashboard');
  await whileClockStands(() =>
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible(),
  );
});

test('a number without forwarding and a stored forwarding number: configured, then complete', async () => {
  seedNumber(EMAIL, '+15125550150');
  store({ forwarding: '+12125550142' });
  await renderSetup();
  expect(await screen.findByRole('heading', { name: "You're all set!" })).toBeVisible();
  expect(screen.getByText('Setup completed successfully!')).toBeInTheDocument();
  expect(requestsTo('POST /twilio/purchase-number')).toHaveLength(0);
  expect(lastBodyOf('POST /twilio/number-configuration')).toEqual({
    twilio_number: '+15125550150',
    forwarding_number: '+12125550142',
  });
  await waitFor(() => expect(localStorage.getItem('selectedNumber')).toBe('+15125550150'));
  await expectDashboardAfterDelay();
});

test('a number without forwarding and none stored: the number is kept and forwarding is asked for', async () => {
  seedNumber(EMAIL, '+15125550150');
  await renderSetup();
  expect(await screen.findByRole('heading', { name: 'Where should we forward your calls?' })).toBeVisible();
  expect(screen.getByText('(512) 555-0150')).toBeVisible();
  expect(screen.getByLabelText('Forwarding number')).toHaveValue('');
  await waitFor(() => expect(localStorage.getItem('selectedNumber')).toBe('+15125550150'));
  expect(requestsTo('POST /twilio/number-configuration')).toHaveLength(0);
});

test('a stored selection and forwarding number: the number is bought, configured, and setup completes', async () => {
  store({ selected: '+15125550160', forwarding: '+12125550142' });
  await renderSetup();
  expect(await screen.findByRole('heading', { name: "You're all set!" })).toBeVisible();
  expect(requestsTo('POST /twilio/purchase-number').map((r) => r.body)).toEqual([
    { twilio_number: '+15125550160' },
  ]);
  expect(lastBodyOf('POST /twilio/number-configuration')).toEqual({
    twilio_number: '+15125550160',
    forwarding_number: '+12125550142',
  });
  expect(screen.getByText('Setup completed successfully!')).toBeInTheDocument();
  await expectDashboardAfterDelay();
  // The purchase's and the configuration's answers are the line the dashboard shows: asked for once, before.
  expect(await findBusinessNumber('(512) 555-0160')).toBeVisible();
  expect(requestsTo('GET /dashboard/phone-number')).toHaveLength(1);
});

test('a stored selection without forwarding: the number is bought, then forwarding is asked for', async () => {
  store({ selected: '+15125550160' });
  await renderSetup();
  expect(await screen.findByRole('heading', { name: 'Where should we forward your calls?' })).toBeVisible();
  expect(screen.getByText('(512) 555-0160')).toBeVisible();
  expect(lastBodyOf('POST /twilio/purchase-number')).toEqual({ twilio_number: '+15125550160' });
});

test('a stored selection that cannot be bought: toast, and number selection again', async () => {
  failNext('POST /twilio/purchase-number', 409);
  store({ selected: '+15125550160', forwarding: '+12125550142' });
  await renderSetup();
  expect(
    await screen.findByText('Trouble Purchasing (512) 555-0160. Please try selecting a different one.'),
  ).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Choose your business number' })).toBeVisible();
  expect(
    screen.getByText('We had trouble setting up your number. Please try selecting a different one.'),
  ).toBeVisible();
  // The same area is searched again, so another number is one click away.
  expect(screen.getByLabelText('Area code')).toHaveValue('512');
  expect(await screen.findByRole('button', { name: '(512) 555-0101' })).toBeVisible();
  expect(requestsTo('POST /twilio/number-configuration')).toHaveLength(0);
  expect(currentLocation()).toBe(RETURN_URL);
});

test('nothing stored: number selection', async () => {
  await renderSetup();
  expect(await screen.findByRole('heading', { name: 'Choose your business number' })).toBeVisible();
  expect(screen.getByLabelText('Area code')).toHaveValue('');
  expect(requestsTo('POST /twilio/purchase-number')).toHaveLength(0);
  expect(conversions()).toHaveLength(1);
});

test('selection, then forwarding: bought, configured, stored, complete, then /dashboard', async () => {
  const { user } = await renderSetup();
  await user.type(await screen.findByLabelText('Area code'), '512');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await user.click(await screen.findByRole('button', { name: '(512) 555-0101' }));

  // Each step replaces the button pressed on the last: focus moves to the new step's heading.
  const focusedHeading = (name: string) =>
    waitFor(() => expect(screen.getByRole('heading', { name })).toHaveFocus());
  await focusedHeading('Where should we forward your calls?');
  expect(lastBodyOf('POST /twilio/purchase-number')).toEqual({ twilio_number: '+15125550101' });
  await waitFor(() => expect(localStorage.getItem('selectedNumber')).toBe('+15125550101'));

  await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
  expect(await screen.findByText('Please enter a forwarding number')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Forwarding number'), '2125550142');
  await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

  await focusedHeading("You're all set!");
  expect(lastBodyOf('POST /twilio/number-configuration')).toEqual({
    twilio_number: '+15125550101',
    forwarding_number: '+12125550142',
  });
  expect(screen.getByText('Setup completed successfully!')).toBeInTheDocument();
  await waitFor(() => expect(localStorage.getItem('forwardingNumber')).toBe('+12125550142'));
  await expectDashboardAfterDelay();
});

/** Searches 512 on the setup screen and chooses (512) 555-0102, whose purchase the test made fail. */
async function chooseNumberThatFails(user: Awaited<ReturnType<typeof renderSetup>>['user']) {
  await user.type(await screen.findByLabelText('Area code'), '512');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await user.click(await screen.findByRole('button', { name: '(512) 555-0102' }));
  expect(
    await screen.findByText('Trouble Purchasing (512) 555-0102. Please try selecting a different one.'),
  ).toBeInTheDocument();
}

test('a number taken by someone else meanwhile: the server says so above the list to choose another', async () => {
  failNext('POST /twilio/purchase-number', 409, {
    error: 'number_unavailable',
    message: 'This number has just been taken. Please choose another one.',
  });
  const { user } = await renderSetup();
  await chooseNumberThatFails(user);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'This number has just been taken. Please choose another one.',
  );
  expect(screen.getByRole('heading', { name: 'Choose your business number' })).toBeVisible();
});

test('a number chosen on the setup screen that cannot be bought: toast, and selection again', async () => {
  failNext('POST /twilio/purchase-number', 409);
  const { user } = await renderSetup();
  await chooseNumberThatFails(user);
  expect(await screen.findByRole('heading', { name: 'Choose your business number' })).toBeVisible();
  await user.click(await screen.findByRole('button', { name: '(512) 555-0103' }));
  expect(await screen.findByRole('heading', { name: 'Where should we forward your calls?' })).toBeVisible();
  expect(requestsTo('POST /twilio/purchase-number').map((r) => r.body)).toEqual([
    { twilio_number: '+15125550102' },
    { twilio_number: '+15125550103' },
  ]);
});

test('a failed configuration: toast and the forwarding error; Try Again asks for forwarding again', async () => {
  failNext('POST /twilio/number-configuration', 500);
  store({ selected: '+15125550160', forwarding: '+12125550142' });
  const { user } = await renderSetup();
  expect(await screen.findByText('Unable to configure your number. Please try again.')).toBeInTheDocument();
  await expectErrorScreen('We had trouble setting up call forwarding. Please try again.');

  await user.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(await screen.findByLabelText('Forwarding number')).toHaveValue('(212) 555-0142');
  await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
  expect(await screen.findByRole('heading', { name: "You're all set!" })).toBeVisible();
  expect(requestsTo('POST /twilio/number-configuration')).toHaveLength(2);
  expect(requestsTo('POST /billing/create-checkout-session')).toHaveLength(0);
});

test('a failed configuration of a typed number: Try Again brings the form back with it', async () => {
  failNext('POST /twilio/number-configuration', 500);
  store({ selected: '+15125550160' });
  const { user, persistor } = await renderSetup();
  await enterText(user, await screen.findByLabelText('Forwarding number'), '2125550142');
  await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
  await expectErrorScreen('We had trouble setting up call forwarding. Please try again.');
  // Stored only once configured: the draft is not the stored forwarding number.
  await persistor.flush();
  expect(localStorage.getItem('forwardingNumber') ?? '').toBe('');

  await user.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(await screen.findByLabelText('Forwarding number')).toHaveValue('(212) 555-0142');
  await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
  expect(await screen.findByRole('heading', { name: "You're all set!" })).toBeVisible();
  expect(lastBodyOf('POST /twilio/number-configuration')).toEqual({
    twilio_number: '+15125550160',
    forwarding_number: '+12125550142',
  });
  await waitFor(() => expect(localStorage.getItem('forwardingNumber')).toBe('+12125550142'));
});

test('Try Again on the subscription error starts a new checkout', async () => {
  seedSubscription(EMAIL, null);
  const { user } = await renderSetup();
  await expectErrorScreen(SUBSCRIPTION_ERROR);
  await user.click(screen.getByRole('button', { name: 'Try Again' }));
  await waitFor(() =>
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/checkout\/redirect\?session_id=/)),
  );
  expect(requestsTo('POST /billing/create-checkout-session')).toHaveLength(1);
});

test('Try Again whose checkout fails toasts "Failed to start checkout. Please try again."', async () => {
  seedSubscription(EMAIL, null);
  failNext('POST /billing/create-checkout-session', 500);
  const { user } = await renderSetup();
  await expectErrorScreen(SUBSCRIPTION_ERROR);
  await user.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(await screen.findByText('Failed to start checkout. Please try again.')).toBeInTheDocument();
  expect(assign).not.toHaveBeenCalled();
});

test('Try Again after a failed check of a live subscription: the return page loads again and setup goes on', async () => {
  failNext('GET /billing/subscription-status', 500);
  failNext('GET /billing/subscription-status', 500);
  const first = await renderSetup();
  await expectErrorScreen(SUBSCRIPTION_ERROR);
  await first.user.click(screen.getByRole('button', { name: 'Try Again' }));
  // Already subscribed: no second checkout, the API sends the browser back to the return page.
  await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/checkout/redirect'));
  expect(screen.queryByText('Failed to start checkout. Please try again.')).not.toBeInTheDocument();
  expect(subscriptionOf(EMAIL)?.status).toBe('trialing');

  // The page load that assign starts.
  first.unmount();
  await renderApp('/checkout/redirect');
  expect(await screen.findByRole('heading', { name: 'Choose your business number' })).toBeVisible();
  expect(screen.queryByRole('heading', { name: 'We could not finish setting up' })).not.toBeInTheDocument();
});

test('signed out (tokens lost on the way back from checkout): the session ends and /login loads', async () => {
  localStorage.clear();
  await renderSetup();
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
  expect(requestsTo('GET /dashboard/phone-number')).toHaveLength(0);
});
