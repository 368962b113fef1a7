import type { SetupErrorKind } from './setupSlice';

// The setup's error messages, shown word for word (docs/onboarding.md); tests and e2e journeys match them.
export const SETUP_ERROR_MESSAGES: Record<SetupErrorKind, string> = {
  subscription: 'There was a problem setting up your subscription. Please try again or contact support.',
  forwarding: 'We had trouble setting up call forwarding. Please try again.',
  number: 'We had trouble setting up your number. Please try selecting a different one.',
  general: 'Something went wrong while setting up your account. Please try again or contact support.',
};
