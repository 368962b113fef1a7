import { act, screen, waitFor, within } from '@testing-library/react';
import { failAlways, failNext } from '@mocks/control';
import { DEMO } from '@mocks/fixtures';
import { lastBodyOf, requestsTo } from '@mocks/log';
import { seedNumber } from '@mocks/seed';
import userEvent from '@testing-library/user-event';
import { settledRequests } from '@/test/lifecycle';
import { renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';
import { stopClock, whileClockStands } from '@/test/stoppedClock';
import { findBusinessNumber } from '@/test/businessNumber';

/** The dashboard with its phone configuration loaded. */
const openDashboard = async () => {
  const view = await renderApp('/dashboard');
  await findBusinessNumber('(512) 555-0100');
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

  test('an international number is left as typed and said to be out of reach', async () => {
    const { user, dial } = await openDashboard();
    await user.type(dial, '+44 20 7946 0958');
    expect(dial).toHaveValue('+44 20 7946 0958');
    expect(dial).toHaveAccessibleDescription('International numbers are not supported. Enter a US number.');
    expect(callButton()).toBeDisabled();
    // A US number typed with its +1 is still formatted as one.
    await user.clear(dial);
    await user.type(dial, '+1 512 555 0123');
    expect(dial).toHaveValue('+1 (512) 555-0123');
    expect(callButton()).toBeEnabled();
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
    await renderApp('/dashboard');
    expect(await screen.findByText('Phone configuration is incomplete')).toBeInTheDocument();
  });

  test('when the number cannot load, it says so and calls with the numbers stored at setup', async () => {
    signIn();
    localStorage.setItem('selectedNumber', DEMO.businessNumber);
    localStorage.setItem('forwardingNumber', DEMO.forwardingNumber);
    failNext('GET /dashboard/phone-number', 500);
    const { user, dial } = await openDashboard();
    expect(await screen.findByText('Failed to load phone configuration')).toBeInTheDocument();
    // A lookup that failed says only that: the configuration is not known to be incomplete.
    expect(screen.queryByText('Phone configuration is incomplete')).not.toBeInTheDocument();
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

  test('the modal follows the call step by step as it happens; closing it clears the number', async () => {
    const { user, dial } = await openDashboard();
    jest.useFakeTimers({ advanceTimers: true });
    await user.type(dial, '2125550142');
    await user.click(callButton());
    const modal = await screen.findByRole('dialog', { name: 'Your call is on its way' });
    const steps = within(modal)
      .getAllByRole('listitem')
      .map((step) => step.textContent);
    expect(steps).toEqual([
      expect.stringContaining('Ringing your phone at (512) 555-0199'),
      expect.stringContaining('Answer it and press 1 to call (212) 555-0142'),
      expect.stringContaining('Calling (212) 555-0142: they see your business number (512) 555-0100'),
      expect.stringContaining('Connected'),
    ]);
    const now = () => within(modal).getByRole('status');
    expect(now()).toHaveTextContent('Ringing your phone at (512) 555-0199');
    // The mock API moves a call on every 2 s, as the sandbox carrier does; the modal asks every second.
    for (const step of [
      'Answer it and press 1 to call (212) 555-0142',
      'Calling (212) 555-0142: they see your business number (512) 555-0100',
      'Connected',
    ]) {
      act(() => jest.advanceTimersByTime(2000));
      await waitFor(() => expect(now()).toHaveTextContent(step));
    }
    act(() => jest.advanceTimersByTime(2000));
    const ended = await screen.findByRole('dialog', { name: 'Call ended' });
    expect(within(ended).getByRole('alert')).toHaveTextContent('Call ended after 0:30.');
    // It stopped asking once the call had ended.
    const asked = requestsTo('GET /dashboard/calls/:id').length;
    act(() => jest.advanceTimersByTime(5000));
    // A poll due meanwhile would have started, and is followed to the mocks before this resolves.
    await act(settledRequests);
    expect(requestsTo('GET /dashboard/calls/:id')).toHaveLength(asked);

    await user.click(within(ended).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dial).toHaveValue('');
    expect(screen.queryByText('Please enter a number to call')).not.toBeInTheDocument();
    // Focus is back where the next call starts, not lost to the page.
    expect(dial).toHaveFocus();
  });

  test.each([
    ['is busy', '2125550198', '(212) 555-0198 was busy.'],
    ['never answers', '2125550199', "(212) 555-0199 didn't answer."],
  ])('a recipient who %s ends the call, and the modal says why', async (_case, typed, why) => {
    const { user, dial } = await openDashboard();
    jest.useFakeTimers({ advanceTimers: true });
    await user.type(dial, typed);
    await user.click(callButton());
    await screen.findByRole('dialog', { name: 'Your call is on its way' });
    act(() => jest.advanceTimersByTime(12_000));
    const ended = await screen.findByRole('dialog', { name: 'Call ended' });
    expect(within(ended).getByRole('alert')).toHaveTextContent(why);
    const calling = within(ended).getAllByRole('listitem')[2];
    expect(calling.querySelector('.Mui-error')).not.toBeNull();
  });

  test('a second call while one is under way says so', async () => {
    failNext('POST /twilio/create-call', 409, {
      error: 'call_in_progress',
      message: 'You already have a call in progress. Please wait for it to end before placing another.',
    });
    const { user, dial } = await openDashboard();
    await user.type(dial, '2125550142');
    await user.click(callButton());
    expect(
      await screen.findByText(
        'You already have a call in progress. Please wait for it to end before placing another.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('the history and usage refresh 2 seconds after the call starts, not a millisecond before', async () => {
    // Without the live history (its stream refused), which reloads on each step of the call.
    failAlways('GET /dashboard/call-events', 503);
    const { dial } = await openDashboard();
    await waitFor(() => expect(requestsTo('GET /dashboard/calls')).toHaveLength(1));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(dial, '2125550142');
    stopClock();
    await user.click(callButton());
    await whileClockStands(() => expect(screen.getByRole('dialog')).toBeInTheDocument());
    const [calls, usage] = [
      requestsTo('GET /dashboard/calls').length,
      requestsTo('GET /dashboard/usage').length,
    ];

    act(() => jest.advanceTimersByTime(1999));
    // Had a refetch started, it would be followed to the mocks before this resolves.
    await act(settledRequests);
    expect(requestsTo('GET /dashboard/calls')).toHaveLength(calls);
    expect(requestsTo('GET /dashboard/usage')).toHaveLength(usage);

    act(() => jest.advanceTimersByTime(1));
    await act(settledRequests);
    expect(requestsTo('GET /dashboard/calls')).toHaveLength(calls + 1);
    expect(requestsTo('GET /dashboard/usage')).toHaveLength(usage + 1);
    // Behind the still open modal, so hidden from the accessibility tree for now.
    const table = screen.getByRole('table', { name: 'Calls', hidden: true });
    await whileClockStands(() =>
      expect((table as HTMLTableElement).rows[1]).toHaveTextContent(/^\(212\) 555-0142Outbound/),
    );
  });
});
