import { screen } from '@testing-library/react';
import { renderApp } from '@/test/renderApp';

// Onboarding step 2 checks the forwarding number against the destination policy where it is typed.
test('a premium or Caribbean number is refused under the field and the step stays', async () => {
  localStorage.setItem('onboardingStep', 'forward');
  localStorage.setItem('selectedNumber', '+15125550103');
  const { user } = await renderApp('/signup');
  const field = await screen.findByLabelText('Forwarding number');
  await user.type(field, '9005550123');
  await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
  expect(field).toHaveAccessibleDescription(
    '+1 900 numbers are premium-rate lines; Forwardly does not call or forward to them.',
  );
  await user.clear(field);
  await user.type(field, '2845550123');
  await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
  expect(field).toHaveAccessibleDescription(/British Virgin Islands/);
  expect(localStorage.getItem('onboardingStep')).toBe('forward');
  expect(localStorage.getItem('forwardingNumber') ?? '').toBe('');
});
