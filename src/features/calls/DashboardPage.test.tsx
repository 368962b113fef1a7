import { screen, waitFor, within } from '@testing-library/react';
import { failNext } from '@mocks/control';
import { DEMO } from '@mocks/fixtures';
import { lastBodyOf, requestsTo } from '@mocks/log';
import { seedCalls, seedSubscription, seedText } from '@mocks/seed';
import { currentLocation, renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';
import { findBusinessNumber } from '@/test/businessNumber';

const openDashboard = () => renderApp('/dashboard');

test('the dashboard shows the business number, the call panel and the history', async () => {
  signIn();
  await openDashboard();
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  expect(await findBusinessNumber('(512) 555-0100')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Make a Call' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Call History' })).toBeInTheDocument();
});

test('texts sent to the business number show on the dashboard, newest first', async () => {
  signIn();
  seedText(DEMO.email, '+13125550170', 'Are you open on Sunday?');
  seedText(DEMO.email, '+13125550171', 'Please call me back');
  await openDashboard();
  const texts = await screen.findByRole('region', { name: 'Texts' });
  const items = await within(texts).findAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^Please call me backFrom \(312\) 555-0171 · /),
    expect.stringMatching(/^Are you open on Sunday\?From \(312\) 555-0170 · /),
  ]);
});

test('without texts, the dashboard says where they will show and that replies are not possible', async () => {
  signIn();
  await openDashboard();
  const texts = await screen.findByRole('region', { name: 'Texts' });
  expect(
    await within(texts).findByText(
      'No texts yet. Texts sent to your business number show here; you cannot reply from it.',
    ),
  ).toBeInTheDocument();
});

test('the settings button goes to /settings', async () => {
  signIn();
  const { user } = await openDashboard();
  await user.click(await screen.findByRole('link', { name: 'Settings' }));
  await waitFor(() => expect(currentLocation()).toBe('/settings'));
});

test('logging out from the dashboard nav ends the session and goes to the landing page', async () => {
  const { access_token, refresh_token } = signIn();
  const { user } = await openDashboard();
  await findBusinessNumber('(512) 555-0100');
  await user.click(screen.getByRole('button', { name: 'Sign Out' }));
  expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
  await waitFor(() => expect(currentLocation()).toBe('/'));
  expect(localStorage.getItem('access_token')).toBeNull();
  expect(localStorage.getItem('refresh_token')).toBeNull();
  await waitFor(() => expect(requestsTo('POST /auth/logout')).toHaveLength(1));
  // Sent before the tokens were cleared, so the server can revoke this very session.
  expect(requestsTo('POST /auth/logout')[0].authorization).toBe(`Bearer ${access_token}`);
  expect(lastBodyOf('POST /auth/logout')).toEqual({ refresh_token });
});

test('signing out with only an access token stored sends an empty body (the server refuses a null token)', async () => {
  const { access_token } = signIn();
  localStorage.removeItem('refresh_token');
  const { user } = await openDashboard();
  await findBusinessNumber('(512) 555-0100');
  await user.click(screen.getByRole('button', { name: 'Sign Out' }));
  await waitFor(() => expect(currentLocation()).toBe('/'));
  await waitFor(() => expect(requestsTo('POST /auth/logout')).toHaveLength(1));
  expect(requestsTo('POST /auth/logout')[0].authorization).toBe(`Bearer ${access_token}`);
  expect(lastBodyOf('POST /auth/logout')).toEqual({});
});

test("Sign Out forgets this browser's onboarding choices: the next signup starts at step 1, empty", async () => {
  localStorage.setItem('onboardingStep', 'signup');
  localStorage.setItem('selectedNumber', '+15125550103');
  localStorage.setItem('forwardingNumber', '+15125550199');
  signIn();
  const first = await openDashboard();
  await findBusinessNumber('(512) 555-0100');
  await first.user.click(screen.getByRole('button', { name: 'Sign Out' }));
  await waitFor(() => expect(currentLocation()).toBe('/'));
  await waitFor(() => expect(localStorage.getItem('onboardingStep')).toBe('search'));
  expect(localStorage.getItem('selectedNumber')).toBe('');
  expect(localStorage.getItem('forwardingNumber')).toBe('');

  // The next person on this browser.
  first.unmount();
  await renderApp('/signup');
  expect(await screen.findByText('Step 1 of 3')).toBeVisible();
  expect(screen.getByLabelText('Area code')).toHaveValue('');
});

test('a failed logout call still signs the user out', async () => {
  signIn();
  failNext('POST /auth/logout', 500);
  const { user } = await openDashboard();
  await findBusinessNumber('(512) 555-0100');
  await user.click(screen.getByRole('button', { name: 'Sign Out' }));
  await waitFor(() => expect(currentLocation()).toBe('/'));
  expect(localStorage.getItem('access_token')).toBeNull();
});

describe('usage at a glance', () => {
  test('minutes used this month against the 100 included, with no overage yet', async () => {
    signIn();
    seedCalls(DEMO.email, [{ duration: 150 }, { duration: 59 }]);
    await openDashboard();
    const usage = await screen.findByRole('region', { name: 'Usage this month' });
    expect(await within(usage).findByText('4 of 100 minutes used')).toBeInTheDocument();
    expect(within(usage).getByText('Overage so far: $0.00 ($0.02 per extra minute)')).toBeInTheDocument();
    expect(within(usage).getByRole('progressbar', { name: 'Included minutes used' })).toHaveAttribute(
      'aria-valuenow',
      '4',
    );
  });

  test('minutes beyond the plan are priced at $0.02 each', async () => {
    signIn();
    seedCalls(DEMO.email, [{ duration: 120 * 60 }]);
    await openDashboard();
    const usage = await screen.findByRole('region', { name: 'Usage this month' });
    expect(await within(usage).findByText('120 of 100 minutes used')).toBeInTheDocument();
    expect(within(usage).getByText('Overage so far: $0.40 ($0.02 per extra minute)')).toBeInTheDocument();
  });

  test("a trial shows its calls' minutes against the 300 they may use", async () => {
    signIn();
    seedCalls(DEMO.email, [{ duration: 150 }, { duration: 59 }]);
    await openDashboard();
    const usage = await screen.findByRole('region', { name: 'Usage this month' });
    expect(
      await within(usage).findByText(
        'Free trial: 4 of 300 minutes of calls used. During the trial, calls stop after 300 minutes in total.',
      ),
    ).toBeInTheDocument();
  });

  test('a trial whose minutes are used up says calls are paused until the first payment goes through', async () => {
    signIn();
    seedCalls(DEMO.email, [{ duration: 300 * 60 }]);
    await openDashboard();
    const usage = await screen.findByRole('region', { name: 'Usage this month' });
    expect(
      await within(usage).findByText(
        /minutes of calls are used up\. Calls are paused until your first payment goes through\./,
      ),
    ).toBeInTheDocument();
  });

  test("warns from 80 % of a trial's minutes and offers to start the paid plan", async () => {
    signIn();
    seedCalls(DEMO.email, [{ duration: 239 * 60 }]);
    const { unmount } = await openDashboard();
    const usage = await screen.findByRole('region', { name: 'Usage this month' });
    await within(usage).findByText(/Free trial: 239 of 300 minutes of calls used\. During the trial/);
    expect(within(usage).queryByRole('button', { name: 'Start paid plan now' })).not.toBeInTheDocument();
    unmount();

    seedCalls(DEMO.email, [{ duration: 240 * 60 }]);
    await openDashboard();
    const warned = await screen.findByRole('region', { name: 'Usage this month' });
    expect(
      await within(warned).findByText(
        /Free trial: 240 of 300 minutes of calls used\. Calls stop at 300 minutes/,
      ),
    ).toBeInTheDocument();
    expect(within(warned).getByRole('button', { name: 'Start paid plan now' })).toBeInTheDocument();
  });

  test("pauses the Call button when a trial's minutes are used up, and starts the paid plan on request", async () => {
    signIn();
    seedCalls(DEMO.email, [{ duration: 300 * 60 }]);
    const { user } = await openDashboard();
    const panel = await screen.findByRole('region', { name: 'Make a Call' });
    expect(
      await within(panel).findByText(
        "Calls are paused: your free trial's 300 minutes are used up. Start your paid plan to call again.",
      ),
    ).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Number to call'), '2125550142');
    expect(within(panel).getByRole('button', { name: 'Call' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Start paid plan now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start your paid plan now?' });
    expect(dialog).toHaveTextContent(
      'Your free trial ends today and $60.00 for the year is charged to your card on file',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start paid plan' }));
    expect(await screen.findByText('Your paid plan has started')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo('POST /billing/end-trial')).toHaveLength(1));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Call' })).toBeEnabled());
    expect(screen.queryByText(/Calls are paused/)).not.toBeInTheDocument();
  });

  test('a paid plan shows no trial minutes', async () => {
    signIn();
    seedSubscription(DEMO.email, { status: 'active' });
    await openDashboard();
    const usage = await screen.findByRole('region', { name: 'Usage this month' });
    await within(usage).findByText(/minutes used/);
    expect(within(usage).queryByText(/Free trial/)).not.toBeInTheDocument();
  });

  test('usage that cannot load says so quietly', async () => {
    signIn();
    failNext('GET /dashboard/usage', 500);
    await openDashboard();
    expect(await screen.findByText('Usage is not available right now.')).toBeInTheDocument();
  });
});
