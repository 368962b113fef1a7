import { screen, waitFor } from '@testing-library/react';
import { requestsTo } from '@mocks/log';
import { seedNumber, seedUser } from '@mocks/seed';
import { renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

// The settings form shows why a forwarding number is refused, under the field.
beforeEach(() => signIn());

const editForwarding = async () => {
  const view = await renderApp('/settings');
  await view.user.click(await screen.findByRole('button', { name: 'Change' }));
  const field = screen.getByRole('textbox', { name: 'Forwarding number' });
  await view.user.clear(field);
  return { ...view, field };
};

test('a Dominican number is refused by name before anything is sent', async () => {
  const { user, field } = await editForwarding();
  await user.type(field, '8095550123');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(field).toHaveAccessibleDescription(
    '+1 809 numbers are in the Dominican Republic; Forwardly calls and forwards to US numbers only.',
  );
  expect(requestsTo('POST /twilio/number-configuration')).toHaveLength(0);
});

test('a refused number moves focus from Save to the field, which reads why', async () => {
  const { user, field } = await editForwarding();
  await user.type(field, '8095550123');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(field).toHaveFocus();
  expect(field).toHaveAccessibleDescription(/^\+1 809 numbers are in the Dominican Republic/);
});

test("another account's business number is refused by the server, its sentence under the field", async () => {
  seedUser({ email: 'neighbour@example.com' });
  seedNumber('neighbour@example.com', '+12125550177', '+13125550178');
  const { user, field } = await editForwarding();
  await user.type(field, '2125550177');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Failed to update forwarding number')).toBeInTheDocument();
  expect(field).toHaveAccessibleDescription(/^This is a Forwardly business number/);
});

test('after a refusal by the server focus moves to the field, which reads why', async () => {
  seedUser({ email: 'neighbour@example.com' });
  seedNumber('neighbour@example.com', '+12125550177', '+13125550178');
  const { user, field } = await editForwarding();
  await user.type(field, '2125550177');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(field).toHaveFocus());
  expect(field).toHaveAccessibleDescription(/^This is a Forwardly business number/);
});
