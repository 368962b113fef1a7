// Every lazily loaded page, loaded once per test file before its tests: a wait inside a test then covers a
// page's render and requests, never a chunk's first import (a few seconds on a busy machine).
export const preloadPages = () =>
  Promise.all([
    import('@/features/landing/LandingPage'),
    import('@/features/auth/LoginPage'),
    import('@/features/auth/ForgotPasswordPage'),
    import('@/features/auth/ResetPasswordPage'),
    import('@/features/legal/LegalPage'),
    import('@/features/onboarding/SignupPage'),
    import('@/features/onboarding/TrialPage'),
    import('@/features/setup/CheckoutRedirectPage'),
    import('@/features/setup/CheckoutCancelPage'),
    import('@/features/billing/SubscriptionGuard'),
    import('@/features/calls/DashboardPage'),
    import('@/features/settings/SettingsPage'),
  ]);
