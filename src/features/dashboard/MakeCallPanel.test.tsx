import { act, screen, waitFor, within } from '@testing-library/react';
import { failNext } from '@mocks/control';
import { DEMO } from '@mocks/fixtures';
import { lastBodyOf, requestsTo } from '@mocks/log';
import { seedNumber } from '@mocks/seed';
import { renderWithProviders } from '@/test/renderWithProviders';
import { signIn } from '@/test/signIn';

// A shared, busy machine: the lazily loaded pages take a while to arrive.
beforeAll(() => Promise.all([import('./DashboardPage'), import('@/features/billing/SubscriptionGuard')]));
afterEach(() => {
  jest.useRealTimers();
});

/** The dashboard with its phone configuration loaded. */
const openDashboard = async () => {
  const view = renderWithProviders(undefined, { route: '/dashboard' });
  await screen.findByText('Your business number: (512) 555-0100');
  return { ...view, dial: screen.getByRole('textbox', { name: 'Number to call' }) };
};
const callButton = () => screen.getByRole('button', { name: 'Call' });

describe('the dialled number', () => {
  beforeEach(() => signIn());

  test.each([
    ['5', '(5'],
    ['512', '(512'],
    ['5125', '(512) 5'],
    ['512555', '(512) 555'],
    ['5125550', '(512) 555-0'],
    ['5125550123', '(512) 555-0123'],
    ['15125550123', '+1 (512) 555-0123'],
    ['151255501239', '+1 (512) 555-0123'],
    ['(512) abc 555-0123', '(512) 555-0123'],
  ])('typing %p shows %p', async (typed, shown) => {
    const { user, dial } = await openDashboard();
    await user.type(dial, typed);
    expect(dial).toHaveValue(shown);
  });

  test('Call is enabled only once the formatted number is 14 characters long', async () => {
    const { user, dial } = await openDashboard();
    expect(callButton()).toBeDisabled();
    await user.type(dial, '512555012');
    expect(dial).toHaveValue('(512) 555-012');
    expect(callButton()).toBeDisabled();
    await user.type(dial, '3');
    expect(callButton()).toBeEnabled();
  });

  test('an emptied number asks for one', async () => {
    const { user, dial } = await openDashboard();
    expect(screen.queryByText('Please enter a number to call')).not.toBeInTheDocument();
    await user.type(dial, '51');
    await user.clear(dial);
    expect(screen.getByText('Please enter a number to call')).toBeInTheDocument();
    expect(dial).toHaveAccessibleDescription('Please enter a number to call');
    expect(callButton()).toBeDisabled();
  });
});

describe('phone configuration', () => {
  test('without a forwarding number the configuration is incomplete and Call stays disabled', async () => {
    signIn();
    seedNumber(DEMO.email, DEMO.businessNumber, '');
    const { user, dial } = await openDashboard();
    expect(await screen.findByText('Phone configuration is incomplete')).toBeInTheDocument();
    await user.type(dial, '2125550142');
    expect(callButton()).toBeDisabled();
  });

  test('without any number the configuration is incomplete', async () => {
    signIn();
    seedNumber(DEMO.email, null);
    renderWithProviders(undefined, { route: '/dashboard' });
    expect(await screen.findByText('Phone configuration is incomplete')).toBeInTheDocument();
  });

  test('when the number cannot load, it says so and calls with the numbers stored at setup', async () => {
    signIn();
    localStorage.setItem('selectedNumber', DEMO.businessNumber);
    localStorage.setItem('forwardingNumber', DEMO.forwardingNumber);
    failNext('GET /dashboard/phone-number', 500);
    const { user, dial } = await openDashboard();
    expect(await screen.findByText('Failed to load phone configuration')).toBeInTheDocument();
    await user.type(dial, '2125550142');
    await user.click(callButton());
    await waitFor(() => expect(requestsTo('POST /twilio/create-call')).toHaveLength(1));
    expect(lastBodyOf('POST /twilio/create-call')).toEqual({
      from_number: DEMO.businessNumber,
      forwarding_number: DEMO.forwardingNumber,
      recipient: '+12125550142',
    });
  });
});

describe('placing a call', () => {
  beforeEach(() => signIn());

  test.each([
    ['10 digits get +1', '2125550142', '+12125550142'],
    ['11 digits get +', '12125550142', '+12125550142'],
  ])('%s: POST /twilio/create-call from the business number', async (_rule, typed, recipient) => {
    const { user, dial } = await openDashboard();
    await user.type(dial, typed);
    await user.click(callButton());
    expect(await screen.findByText('Call initiated successfully')).toBeInTheDocument();
    expect(lastBodyOf('POST /twilio/create-call')).toEqual({
      from_number: '+15125550100',
      forwarding_number: '+15125550199',
      recipient,
    });
  });

  test('a call that cannot start says so and shows no steps', async () => {
    failNext('POST /twilio/create-call', 502);
    const { user, dial } = await openDashboard();
    await user.type(dial, '2125550142');
    await user.click(callButton());
    expect(await screen.findByText('Failed to initiate call. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(dial).toHaveValue('(212) 555-0142');
  });

  test('the modal walks through the call as the user lives it; closing it clears the number', async () => {
    const { user, dial } = await openDashboard();
    await user.type(dial, '2125550142');
    await user.click(callButton());
    const modal = await screen.findByRole('dialog', { name: 'Your call is on its way' });
    const steps = within(modal)
      .getAllByRole('listitem')
      .map((step) => step.textContent);
    expect(steps).toEqual([
      expect.stringContaining("We're ringing your phone at (512) 555-0199"),
      expect.stringContaining('Answer it'),
      expect.stringContaining('We connect you to (212) 555-0142'),
      expect.stringContaining('They see your business number (512) 555-0100'),
    ]);
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dial).toHaveValue('');
    expect(screen.queryByText('Please enter a number to call')).not.toBeInTheDocument();
  });

  test('the history and usage refresh 2 seconds after the call starts', async () => {
    const { user, dial } = await openDashboard();
    await waitFor(() => expect(requestsTo('GET /dashboard/calls')).toHaveLength(1));
    jest.useFakeTimers({ advanceTimers: true });
    await user.type(dial, '2125550142');
    await user.click(callButton());
    await screen.findByRole('dialog');
    const [calls, usage] = [
      requestsTo('GET /dashboard/calls').length,
      requestsTo('GET /dashboard/usage').length,
    ];

    act(() => jest.advanceTimersByTime(1500));
    // Time for a refetch to reach the mocks, had one started.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(requestsTo('GET /dashboard/calls')).toHaveLength(calls);

    act(() => jest.advanceTimersByTime(500));
    await waitFor(() => expect(requestsTo('GET /dashboard/calls')).toHaveLength(calls + 1));
    await waitFor(() => expect(requestsTo('GET /dashboard/usage')).toHaveLength(usage + 1));
    // Behind the still open modal, so hidden from the accessibility tree for now.
    const table = screen.getByRole('table', { name: 'Calls', hidden: true });
    await waitFor(() =>
      expect((table as HTMLTableElement).rows[1]).toHaveTextContent(/^Outbound.*\(212\) 555-0142/),
    );
  });
});
