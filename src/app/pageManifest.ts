import { paths } from '../config/paths';

/**
 * Every lazily loaded page module, under src/: pages.tsx loads each as its own chunk (its import()
 * names it again, as the bundler needs; pageManifest.test.ts holds the two together), tests preload
 * them all, and the build preloads those a first visit renders. Dependency-free: the build reads it.
 */
export const pageModules = {
  landing: 'features/landing/LandingPage',
  login: 'features/auth/LoginPage',
  forgotPassword: 'features/auth/ForgotPasswordPage',
  resetPassword: 'features/auth/ResetPasswordPage',
  legal: 'features/legal/LegalPage',
  signup: 'features/onboarding/SignupPage',
  trial: 'features/onboarding/TrialPage',
  checkoutRedirect: 'features/setup/CheckoutRedirectPage',
  checkoutCancel: 'features/setup/CheckoutCancelPage',
  subscriptionGuard: 'features/billing/SubscriptionGuard',
  dashboard: 'features/calls/DashboardPage',
  settings: 'features/settings/SettingsPage',
} as const;

type FirstVisits = Record<string, string[]>;
const guarded = (page: string) => [pageModules.subscriptionGuard, page];

// The modules a first visit to each path renders (routes.tsx), signed out and signed in ('*': any
// other path, which lands on the dashboard); e2e/preload.spec.ts fails when one is left out.
export const firstVisitsSignedOut: FirstVisits = {
  [paths.landing]: [pageModules.landing],
  [paths.login]: [pageModules.login],
  [paths.signup]: [pageModules.signup],
  [paths.forgotPassword]: [pageModules.forgotPassword],
  [paths.resetPassword]: [pageModules.resetPassword],
};
export const firstVisitsSignedIn: FirstVisits = {
  '*': [...guarded(pageModules.dashboard), 'features/calls/CallHistory', 'features/texts/TextsPanel'],
  [paths.settings]: guarded(pageModules.settings),
};
