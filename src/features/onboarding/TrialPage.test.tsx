import { screen, waitFor, within } from '@testing-library/react';
import { failNext, holdResponses } from '@mocks/control';
import { requestsTo } from '@mocks/log';
import { seedUser } from '@mocks/seed';
import { browser } from '@/lib/browser';
import { renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
  seedUser({ email: 'new@example.com' });
  signIn('new@example.com');
});
afterEach(() => assign.mockRestore());

const renderTrial = async () => {
  const view = await renderApp('/trial');
  await screen.findByRole('heading', { level: 1, name: 'Start Your Risk-Free Trial Today' });
  return view;
};

test('explains the trial: three benefits, why a card is needed and the guarantee', async () => {
  await renderTrial();
  for (const title of ['A real business number', 'Calls forwarded 24/7', 'Call from your business line']) {
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  expect(screen.getByRole('heading', { level: 2, name: 'Why do we need a card?' })).toBeVisible();
  const guarantee = screen.getByRole('region', { name: 'Our guarantee' });
  expect(
    within(guarantee)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    '14-day free trial with full access',
    'Cancel any time with no charge',
    'No commitment',
    'Simple self-service cancellation',
  ]);
  expect(requestsTo('POST /billing/create-checkout-session')).toHaveLength(0);
});

test('"Finish Setting Up Trial" creates a checkout session and sends the browser to it', async () => {
  const release = holdResponses('POST /billing/create-checkout-session');
  const { user } = await renderTrial();
  await user.click(screen.getByRole('button', { name: 'Finish Setting Up Trial' }));
  expect(await screen.findByRole('button', { name: 'Setting up trial...' })).toBeDisabled();
  release();
  await waitFor(() =>
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/^\/checkout\/redirect\?session_id=/)),
  );
  expect(requestsTo('POST /billing/create-checkout-session')).toHaveLength(1);
});

test('a failed checkout toasts "Failed to create checkout session. Please try again."', async () => {
  failNext('POST /billing/create-checkout-session', 500);
  const { user } = await renderTrial();
  await user.click(screen.getByRole('button', { name: 'Finish Setting Up Trial' }));
  expect(await screen.findByText('Failed to create checkout session. Please try again.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Finish Setting Up Trial' })).toBeEnabled();
  expect(assign).not.toHaveBeenCalled();
});
