import { screen, waitFor } from '@testing-library/react';
import { failNext } from '@mocks/control';
import { requestsTo } from '@mocks/log';
import { seedNumber, seedUser } from '@mocks/seed';
import { renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';
import { findBusinessNumber } from '@/test/businessNumber';

// The dialler explains, under the number, why a call cannot be placed: the destination policy
// (rules/destinations.ts) before anything is sent, and the server's 400 or 429 sentence after.
beforeEach(() => signIn());

const openDashboard = async () => {
  const view = await renderApp('/dashboard');
  await findBusinessNumber('(512) 555-0100');
  return { ...view, dial: screen.getByRole('textbox', { name: 'Number to call' }) };
};
const call = () => screen.getByRole('button', { name: 'Call' });

test('a Jamaican number is refused under the field, by name, and no call is sent', async () => {
  const { user, dial } = await openDashboard();
  await user.type(dial, '8765550100');
  await user.click(call());
  expect(dial).toHaveAccessibleDescription(
    '+1 876 numbers are in Jamaica; Forwardly calls and forwards to US numbers only.',
  );
  expect(requestsTo('POST /twilio/create-call')).toHaveLength(0);
  await user.type(dial, '{Backspace}');
  expect(dial).not.toHaveAccessibleDescription(/Jamaica/);
});

test('a refused number moves focus from Call to the field, which reads why', async () => {
  const { user, dial } = await openDashboard();
  await user.type(dial, '8765550100');
  await user.click(call());
  expect(dial).toHaveFocus();
  expect(dial).toHaveAccessibleDescription(/^\+1 876 numbers are in Jamaica/);
});

test("another account's business number is refused by the server: its sentence, said once under the field", async () => {
  seedUser({ email: 'neighbour@example.com' });
  seedNumber('neighbour@example.com', '+12125550177', '+13125550178');
  const { user, dial } = await openDashboard();
  await user.type(dial, '2125550177');
  await user.click(call());
  await waitFor(() => expect(dial).toHaveAccessibleDescription(/^This is a Forwardly business number/));
  expect(screen.queryByText('Failed to initiate call. Please try again.')).not.toBeInTheDocument();
});

test("a limit reached (429) shows the server's sentence under the number, and no generic toast", async () => {
  const sentence = 'You have reached the limit of 60 calls an hour. Please try again in 12 minutes.';
  failNext('POST /twilio/create-call', 429, { error: 'too_many_requests', message: sentence });
  const { user, dial } = await openDashboard();
  await user.type(dial, '2125550142');
  await user.click(call());
  await waitFor(() => expect(dial).toHaveAccessibleDescription(sentence));
  expect(screen.queryByText('Failed to initiate call. Please try again.')).not.toBeInTheDocument();
});

test('after a refusal by the server focus moves to the field, which reads why', async () => {
  const sentence = 'You have reached the limit of 60 calls an hour. Please try again in 12 minutes.';
  failNext('POST /twilio/create-call', 429, { error: 'too_many_requests', message: sentence });
  const { user, dial } = await openDashboard();
  await user.type(dial, '2125550142');
  await user.click(call());
  await waitFor(() => expect(dial).toHaveFocus());
  expect(dial).toHaveAccessibleDescription(sentence);
});
