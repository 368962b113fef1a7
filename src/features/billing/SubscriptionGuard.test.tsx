import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { failNext } from '@mocks/control';
import { DEMO } from '@mocks/fixtures';
import { requestsTo } from '@mocks/log';
import { server } from '@mocks/node';
import { seedNumber, seedSubscription, trialEndingIn } from '@mocks/seed';
import { apiUrl } from '@mocks/url';
import { config } from '@/config';
import { browser } from '@/lib/browser';
import { currentLocation, renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
  signIn();
});
afterEach(() => assign.mockRestore());

const openDashboard = () => renderApp('/dashboard');
const dashboardHeading = () => screen.findByRole('heading', { level: 1, name: 'Dashboard' });
const requiredHeading = () => screen.findByRole('heading', { name: 'Subscription Required' });

test('while the subscription is being checked the content shows', async () => {
  let answer: (body: object) => void = () => {};
  server.use(
    http.get(
      apiUrl('/billing/subscription-status'),
      () =>
        new Promise((resolve) => {
          answer = (body) => resolve(HttpResponse.json(body));
        }),
    ),
  );
  await openDashboard();
  expect(await dashboardHeading()).toBeInTheDocument();
  answer({ has_subscription: false, subscription: null });
  expect(await requiredHeading()).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
});

test.each([[500], ['network' as const]])(
  'a check that fails (%p) twice running counts as no subscription',
  async (status) => {
    failNext('GET /billing/subscription-status', status);
    failNext('GET /billing/subscription-status', status);
    await openDashboard();
    expect(await requiredHeading()).toBeInTheDocument();
    expect(requestsTo('GET /billing/subscription-status')).toHaveLength(2);
  },
);

test('a check that fails once is asked again: a paying customer keeps the dashboard', async () => {
  seedSubscription(DEMO.email, { status: 'active' });
  failNext('GET /billing/subscription-status', 500);
  await openDashboard();
  await waitFor(() => expect(requestsTo('GET /billing/subscription-status')).toHaveLength(2));
  expect(await dashboardHeading()).toBeInTheDocument();
  await screen.findByText(/minutes used/);
  expect(screen.queryByRole('heading', { name: 'Subscription Required' })).not.toBeInTheDocument();
});

test('without a subscription, settings is replaced by the Subscription Required screen', async () => {
  seedSubscription(DEMO.email, null);
  await renderApp('/settings');
  expect(await requiredHeading()).toBeInTheDocument();
  // Never subscribed: the spec's screen, saying why it is inactive.
  expect(
    screen.getByText(
      'Your subscription is inactive: you have not finished setting it up. Subscribe to start your free trial and get your business number.',
    ),
  ).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    `mailto:${config.supportEmail}`,
  );
});

test('a plan that ended says which number is held and until when, and lets the history be downloaded', async () => {
  const end = Date.UTC(2031, 5, 15, 12) / 1000;
  seedSubscription(DEMO.email, { status: 'canceled', current_period_end: end, cancel_at_period_end: false });
  seedNumber(DEMO.email, '+15125550100', '+16505550123');
  const save = jest.spyOn(browser, 'saveFile').mockImplementation(() => {});
  const { user } = await openDashboard();
  expect(await requiredHeading()).toBeInTheDocument();
  const until = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(
    new Date((end + 30 * 86_400) * 1000),
  );
  expect(
    await screen.findByText(
      `Your business number (512) 555-0100 is held for you until ${until}. Subscribe again before then to keep it.`,
    ),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Download call history' }));
  await waitFor(() => expect(save).toHaveBeenCalledWith('calls.csv', expect.any(String), 'text/csv'));
  save.mockRestore();
});

test('Subscribe Now without a subscription goes to a new checkout page', async () => {
  seedSubscription(DEMO.email, null);
  const { user } = await openDashboard();
  await user.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
  await waitFor(() =>
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/checkout\/redirect\?session_id=/)),
  );
  expect(requestsTo('POST /billing/create-checkout-session')).toHaveLength(1);
});

test('Subscribe Now with a subscription waiting for payment goes to the billing portal', async () => {
  seedSubscription(DEMO.email, { status: 'unpaid' });
  const { user } = await openDashboard();
  await user.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/portal_session=/)));
  expect(requestsTo('POST /billing/create-checkout-session')).toHaveLength(0);
});

test('a checkout that cannot start says so and stays', async () => {
  seedSubscription(DEMO.email, null);
  failNext('POST /billing/create-checkout-session', 500);
  const { user } = await openDashboard();
  await user.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
  expect(await screen.findByText('Failed to start checkout. Please try again.')).toBeInTheDocument();
  expect(assign).not.toHaveBeenCalled();
});

test('Sign Out on the Subscription Required screen ends the session and goes to /login', async () => {
  seedSubscription(DEMO.email, null);
  const { user } = await openDashboard();
  // The dashboard (with its own Sign Out) shows while checking; wait for the screen that replaces it.
  await requiredHeading();
  await user.click(screen.getByRole('button', { name: 'Sign Out' }));
  await waitFor(() => expect(currentLocation()).toBe('/login'));
  expect(localStorage.getItem('access_token')).toBeNull();
  expect(localStorage.getItem('refresh_token')).toBeNull();
  expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
});

test.each([
  [10, 'Your free trial ends in 10 days', false],
  [4, 'Your free trial ends in 4 days', false],
  [3, 'Your free trial ends in 3 days', true],
  [2, 'Your free trial ends in 2 days', true],
  [1, 'Your free trial ends in 1 day', true],
  [0.25, 'Your free trial ends in 1 day', true],
])(
  'a trial ending in %p days shows "%s" above the content (the charge to come in its last 3 days)',
  async (days, sentence, charge) => {
    const trial = trialEndingIn(days);
    seedSubscription(DEMO.email, trial);
    await openDashboard();
    const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(
      new Date(trial.current_period_end! * 1000),
    );
    const banner = await screen.findByText(new RegExp(`^${sentence}`));
    expect(banner).toHaveTextContent(
      charge ? `${sentence}: $60.00 for the year will be charged on ${date}` : new RegExp(`^${sentence}$`),
    );
    expect(await dashboardHeading()).toBeInTheDocument();
  },
);

test("a trial's days left count from the account's billing time, not the browser's clock", async () => {
  // The account's billing clock (a test clock) is 11 days ahead of the browser's.
  const trial = trialEndingIn(14);
  const billingTime = trial.current_period_end! - 3 * 86_400 + 60;
  server.use(
    http.get(apiUrl('/billing/subscription-status'), () =>
      HttpResponse.json({ has_subscription: true, subscription: trial, billing_time: billingTime }),
    ),
  );
  await openDashboard();
  expect(await screen.findByText(/^Your free trial ends in/)).toHaveTextContent(
    /^Your free trial ends in 3 days: \$60\.00 for the year will be charged on/,
  );
});

test("the trial banner's Billing button opens the billing portal", async () => {
  seedSubscription(DEMO.email, trialEndingIn(10));
  const { user } = await openDashboard();
  const banner = (await screen.findByText('Your free trial ends in 10 days')).closest(
    '[role="alert"]',
  ) as HTMLElement;
  await user.click(within(banner).getByRole('button', { name: 'Billing' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/portal_session=/)));
});

test.each([
  ['a trial that ends now', trialEndingIn(0)],
  ['an active subscription', { status: 'active' }],
])('%s shows no trial banner', async (_name, subscription) => {
  seedSubscription(DEMO.email, subscription);
  await openDashboard();
  expect(await dashboardHeading()).toBeInTheDocument();
  await waitFor(() => expect(requestsTo('GET /billing/subscription-status')).toHaveLength(1));
  await screen.findByText(/minutes used/);
  expect(screen.queryByText(/Your free trial ends in/)).not.toBeInTheDocument();
});

test('a failed payment being retried keeps the dashboard, with a banner and a way to update the card', async () => {
  seedSubscription(DEMO.email, {
    status: 'past_due',
    current_period_end: Math.floor(Date.now() / 1000) + 300 * 86_400,
  });
  const { user } = await openDashboard();
  const banner = await screen.findByRole('alert');
  expect(banner).toHaveTextContent('Your last payment failed. Update your card to keep your number');
  expect(await dashboardHeading()).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Subscription Required' })).not.toBeInTheDocument();
  await user.click(within(banner).getByRole('button', { name: 'Update card' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/portal_session=/)));
});

test('a subscription set to cancel says the day the number stops working', async () => {
  const end = Date.UTC(2031, 5, 15, 12) / 1000;
  seedSubscription(DEMO.email, { status: 'active', current_period_end: end, cancel_at_period_end: true });
  await openDashboard();
  const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(end * 1000));
  expect(
    await screen.findByText(`Your subscription is cancelled. Your business number stops working on ${date}.`),
  ).toBeInTheDocument();
  expect(await dashboardHeading()).toBeInTheDocument();
});

test('a trial set to cancel says when the number stops, and not its days left: one banner at a time', async () => {
  seedSubscription(DEMO.email, { ...trialEndingIn(3), cancel_at_period_end: true });
  await openDashboard();
  expect(await screen.findByText(/Your business number stops working on/)).toBeInTheDocument();
  expect(screen.queryByText(/Your free trial ends in/)).not.toBeInTheDocument();
  expect(screen.getAllByRole('alert')).toHaveLength(1);
});
