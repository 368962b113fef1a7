import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { failNext, holdResponses, respondEmpty } from '@mocks/control';
import { DEMO } from '@mocks/fixtures';
import { lastBodyOf, requestsTo } from '@mocks/log';
import { server } from '@mocks/node';
import { seedNumber } from '@mocks/seed';
import { apiUrl } from '@mocks/url';
import { browser } from '@/lib/browser';
import { enterText } from '@/test/enterText';
import { currentLocation, renderApp, visitedPaths } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
  signIn();
});
afterEach(() => {
  assign.mockRestore();
});

/** Holds requests to `path` until the test releases them; then the mock API answers as usual. */
const hold = (method: 'get' | 'post', path: string) => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  // A resolver that returns nothing falls through to the next handler: the mock API's own.
  server.use(http[method](apiUrl(path), () => gate.then(() => undefined)));
  return release;
};

const openSettings = async () => {
  const view = await renderApp('/settings');
  await screen.findByRole('heading', { level: 2, name: 'Phone numbers' });
  return view;
};
const forwardingField = () => screen.getByRole('textbox', { name: 'Forwarding number' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });

test('a spinner shows while the numbers load', async () => {
  const release = hold('get', '/dashboard/phone-number');
  await renderApp('/settings');
  expect(await screen.findByRole('progressbar', { name: 'Loading settings' })).toBeInTheDocument();
  release();
  expect(await screen.findByRole('heading', { name: 'Phone numbers' })).toBeInTheDocument();
  expect(screen.queryByRole('progressbar', { name: 'Loading settings' })).not.toBeInTheDocument();
});

test('the business number is read-only and cannot be changed', async () => {
  await openSettings();
  const business = screen.getByRole('textbox', { name: 'Business number' });
  expect(business).toHaveValue('(512) 555-0100');
  expect(business).toHaveAttribute('readonly');
  expect(business).toHaveAccessibleDescription('Cannot be changed');
});

test('Change opens an inline form; Cancel restores the previous value', async () => {
  const { user } = await openSettings();
  expect(screen.getByText('(512) 555-0199')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Change' }));
  expect(forwardingField()).toHaveValue('(512) 555-0199');
  await user.clear(forwardingField());
  await user.type(forwardingField(), '2125550147');
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('textbox', { name: 'Forwarding number' })).not.toBeInTheDocument();
  expect(screen.getByText('(512) 555-0199')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Change' }));
  expect(forwardingField()).toHaveValue('(512) 555-0199');
  expect(requestsTo('POST /twilio/number-configuration')).toHaveLength(0);
});

describe('the forwarding number input', () => {
  test.each([
    ['2', '(2'],
    ['212', '(212'],
    ['2125', '(212) 5'],
    ['212555', '(212) 555'],
    ['2125550', '(212) 555-0'],
    ['2125550147', '(212) 555-0147'],
    ['12125550147', '(212) 555-0147'],
    ['(212) abc-555 0147 99', '(212) 555-0147'],
  ])('typing %p shows %p', async (typed, shown) => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.clear(forwardingField());
    await user.type(forwardingField(), typed);
    expect(forwardingField()).toHaveValue(shown);
  });

  test('a pasted "+1 (212) 555-0147" keeps the whole number', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.clear(forwardingField());
    await enterText(user, forwardingField(), '+1 (212) 555-0147');
    expect(forwardingField()).toHaveValue('(212) 555-0147');
    expect(saveButton()).toBeEnabled();
  });

  test('holds at most 14 characters; Save waits for a complete number', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.clear(forwardingField());
    await user.type(forwardingField(), '212555014');
    expect(forwardingField()).toHaveValue('(212) 555-014');
    expect(saveButton()).toBeDisabled();
    await user.type(forwardingField(), '7');
    expect(saveButton()).toBeEnabled();
  });

  test('an empty number asks for one', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.clear(forwardingField());
    expect(forwardingField()).toHaveAccessibleDescription('Please enter a forwarding number');
    expect(saveButton()).toBeDisabled();
  });
});

test('Save sends the number as +1 E.164, says so and shows the number the server answers with', async () => {
  const { user } = await openSettings();
  await user.click(screen.getByRole('button', { name: 'Change' }));
  await user.clear(forwardingField());
  await user.type(forwardingField(), '2125550147');
  await user.click(saveButton());
  expect(await screen.findByText('Forwarding number updated successfully!')).toBeInTheDocument();
  expect(lastBodyOf('POST /twilio/number-configuration')).toEqual({
    twilio_number: '+15125550100',
    forwarding_number: '+12125550147',
  });
  expect(await screen.findByText('(212) 555-0147')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Forwarding number' })).not.toBeInTheDocument();
  // The answer is the configured line: nothing is asked again.
  expect(requestsTo('GET /dashboard/phone-number')).toHaveLength(1);
  await waitFor(() => expect(localStorage.getItem('forwardingNumber')).toBe('+12125550147'));
});

test('while saving, Save is disabled and says so', async () => {
  const release = hold('post', '/twilio/number-configuration');
  const { user } = await openSettings();
  await user.click(screen.getByRole('button', { name: 'Change' }));
  await user.clear(forwardingField());
  await user.type(forwardingField(), '2125550147');
  await user.click(saveButton());
  expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  expect(await screen.findByText('Forwarding number updated successfully!')).toBeInTheDocument();
});

test('a failed save says so and keeps the form open', async () => {
  failNext('POST /twilio/number-configuration', 500);
  const { user } = await openSettings();
  await user.click(screen.getByRole('button', { name: 'Change' }));
  await user.clear(forwardingField());
  await user.type(forwardingField(), '2125550147');
  await user.click(saveButton());
  expect(await screen.findByText('Failed to update forwarding number')).toBeInTheDocument();
  expect(forwardingField()).toHaveValue('(212) 555-0147');
});

test('without a business number there is nothing to configure', async () => {
  seedNumber(DEMO.email, null);
  const { user } = await openSettings();
  await user.click(screen.getByRole('button', { name: 'Change' }));
  await user.type(forwardingField(), '2125550147');
  await user.click(saveButton());
  expect(await screen.findByText('Business number not found')).toBeInTheDocument();
  expect(requestsTo('POST /twilio/number-configuration')).toHaveLength(0);
});

describe('Announce business calls', () => {
  const announceSwitch = () => screen.getByRole('switch', { name: 'Announce business calls' });

  test('is off by default and says what it does', async () => {
    await openSettings();
    expect(announceSwitch()).not.toBeChecked();
    expect(announceSwitch()).toHaveAccessibleDescription(
      'Hear “Business call” when you answer a call to your business number, before you are connected.',
    );
  });

  test('turning it on saves it with the number’s configuration, and off again', async () => {
    const { user } = await openSettings();
    await user.click(announceSwitch());
    expect(await screen.findByText('Business calls will be announced')).toBeInTheDocument();
    expect(lastBodyOf('POST /twilio/number-configuration')).toEqual({
      twilio_number: '+15125550100',
      forwarding_number: '+15125550199',
      announce_calls: true,
    });
    await waitFor(() => expect(announceSwitch()).toBeChecked());
    await user.click(announceSwitch());
    expect(await screen.findByText('Business calls will not be announced')).toBeInTheDocument();
    await waitFor(() => expect(announceSwitch()).not.toBeChecked());
  });

  test('shows the saved choice, which changing the forwarding number keeps', async () => {
    seedNumber(DEMO.email, DEMO.businessNumber, DEMO.forwardingNumber, true);
    const { user } = await openSettings();
    expect(announceSwitch()).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.clear(forwardingField());
    await user.type(forwardingField(), '2125550147');
    await user.click(saveButton());
    expect(await screen.findByText('Forwarding number updated successfully!')).toBeInTheDocument();
    expect(lastBodyOf('POST /twilio/number-configuration')).not.toHaveProperty('announce_calls');
    expect(announceSwitch()).toBeChecked();
  });

  test('a failed change says so and leaves the switch as it was', async () => {
    failNext('POST /twilio/number-configuration', 500);
    const { user } = await openSettings();
    await user.click(announceSwitch());
    expect(await screen.findByText('Failed to update call announcements')).toBeInTheDocument();
    expect(announceSwitch()).not.toBeChecked();
    expect(announceSwitch()).toBeEnabled();
  });

  test('waits for a forwarding number', async () => {
    seedNumber(DEMO.email, DEMO.businessNumber, '');
    await openSettings();
    expect(announceSwitch()).toBeDisabled();
    expect(announceSwitch()).toHaveAccessibleDescription('Set a forwarding number first.');
  });
});

describe('Email me texts', () => {
  const textsSwitch = () => screen.getByRole('switch', { name: 'Email me texts' });

  test('is on by default and says what it does', async () => {
    await openSettings();
    expect(textsSwitch()).toBeChecked();
    expect(textsSwitch()).toHaveAccessibleDescription(
      'Get an email for each text sent to your business number. Texts always show on your dashboard.',
    );
  });

  test('turning it off saves it with the number’s configuration, and on again', async () => {
    const { user } = await openSettings();
    await user.click(textsSwitch());
    expect(await screen.findByText('Texts will no longer be emailed')).toBeInTheDocument();
    expect(lastBodyOf('POST /twilio/number-configuration')).toEqual({
      twilio_number: '+15125550100',
      forwarding_number: '+15125550199',
      email_texts: false,
    });
    await waitFor(() => expect(textsSwitch()).not.toBeChecked());
    await user.click(textsSwitch());
    expect(await screen.findByText('Texts will be emailed to you')).toBeInTheDocument();
    await waitFor(() => expect(textsSwitch()).toBeChecked());
  });
});

describe('Manage Billing', () => {
  test('opens the billing portal with a full-page redirect', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(expect.stringMatching(/portal_session=/)));
    expect(requestsTo('POST /billing/create-portal-session')).toHaveLength(1);
  });

  test.each([
    ['the portal cannot be opened', () => failNext('POST /billing/create-portal-session', 502)],
    ['no url comes back', () => respondEmpty('POST /billing/create-portal-session')],
  ])('says so when %s', async (_case, arrange) => {
    arrange();
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByText('Failed to access billing portal')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('Usage emails', () => {
  const usageSwitch = () => screen.findByRole('switch', { name: 'Usage emails' });

  test('are on by default, and the switch turns them off and on again', async () => {
    const { user } = await openSettings();
    expect(await usageSwitch()).toBeChecked();
    await user.click(await usageSwitch());
    expect(await screen.findByText('Usage emails turned off')).toBeInTheDocument();
    expect(lastBodyOf('PUT /billing/usage-emails')).toEqual({ enabled: false });
    await waitFor(async () => expect(await usageSwitch()).not.toBeChecked());
    await user.click(await usageSwitch());
    expect(await screen.findByText('Usage emails turned on')).toBeInTheDocument();
    await waitFor(async () => expect(await usageSwitch()).toBeChecked());
  });

  test('a failed change says so and keeps the setting', async () => {
    failNext('PUT /billing/usage-emails', 500);
    const { user } = await openSettings();
    await user.click(await usageSwitch());
    expect(await screen.findByText('Failed to update usage emails')).toBeInTheDocument();
    expect(await usageSwitch()).toBeChecked();
  });
});

// Both kinds of switch (the line's settings, the account's usage emails) behave alike while they save.
test.each([
  ['Announce business calls', 'POST /twilio/number-configuration', 'Failed to update call announcements'],
  ['Usage emails', 'PUT /billing/usage-emails', 'Failed to update usage emails'],
] as const)(
  '%s shows the new choice while it saves, and the old one again when refused',
  async (name, route, failed) => {
    const { user } = await openSettings();
    const toggle = () => screen.findByRole<HTMLInputElement>('switch', { name });
    const before = (await toggle()).checked;
    failNext(route, 500);
    const release = holdResponses(route);
    await user.click(await toggle());
    await waitFor(async () => expect((await toggle()).checked).toBe(!before));
    expect(await toggle()).toBeDisabled();
    release();
    expect(await screen.findByText(failed)).toBeInTheDocument();
    expect((await toggle()).checked).toBe(before);
    expect(await toggle()).toBeEnabled();
  },
);

test('Back goes to the dashboard', async () => {
  const { user } = await openSettings();
  await user.click(screen.getByRole('link', { name: 'Back to dashboard' }));
  await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
});

test('Sign Out ends the session and goes to /login', async () => {
  const { user } = await openSettings();
  const account = screen.getByRole('region', { name: 'Billing and account' });
  await user.click(within(account).getByRole('button', { name: 'Sign Out' }));
  expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
  await waitFor(() => expect(currentLocation()).toBe('/login'));
  // Straight there: no stop on the landing page on the way.
  expect(visitedPaths()).toEqual(['/settings', '/login']);
  expect(localStorage.getItem('access_token')).toBeNull();
  expect(localStorage.getItem('refresh_token')).toBeNull();
  expect(await screen.findByRole('heading', { name: /sign in|log in|welcome/i })).toBeInTheDocument();
});
