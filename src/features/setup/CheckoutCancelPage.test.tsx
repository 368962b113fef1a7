import { screen, waitFor } from '@testing-library/react';
import { seedUser } from '@mocks/seed';
import { currentLocation, renderApp } from '@/test/renderApp';
import { signIn } from '@/test/signIn';

const renderCancel = async () => {
  const view = await renderApp('/checkout/cancel');
  expect(await screen.findByRole('heading', { level: 1, name: 'Checkout cancelled' })).toBeVisible();
  return view;
};

test('signed out: says nothing was charged and leads back to signup or home', async () => {
  await renderCancel();
  expect(screen.getByText(/nothing was charged/)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Resume Setting Up Trial' })).toHaveAttribute('href', '/signup');
  expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');
});

test('signed in: resuming opens the trial explainer, which starts checkout again', async () => {
  seedUser({ email: 'new@example.com' });
  signIn('new@example.com');
  const { user } = await renderCancel();
  await user.click(screen.getByRole('link', { name: 'Resume Setting Up Trial' }));
  await waitFor(() => expect(currentLocation()).toBe('/trial'));
  expect(await screen.findByRole('button', { name: 'Finish Setting Up Trial' })).toBeEnabled();
});
