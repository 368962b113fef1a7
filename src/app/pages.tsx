import { lazy, type ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

/** A page behind the subscription guard: guard and page download together, as one lazy component. */
const guarded = (page: () => PageModule) =>
  lazy(async () => {
    const [{ default: SubscriptionGuard }, { default: Page }] = await Promise.all([
      import('@/features/billing/SubscriptionGuard'),
      page(),
    ]);
    return {
      default: () => (
        <SubscriptionGuard>
          <Page />
        </SubscriptionGuard>
      ),
    };
  });

// Every page is its own chunk, so the landing page loads only what it shows.
export const LandingPage = lazy(() => import('@/features/landing/LandingPage'));
export const LoginPage = lazy(() => import('@/features/auth/LoginPage'));
export const ForgotPasswordPage = lazy(() => import('@/features/auth/ForgotPasswordPage'));
export const ResetPasswordPage = lazy(() => import('@/features/auth/ResetPasswordPage'));
export const LegalPage = lazy(() => import('@/features/legal/LegalPage'));
export const SignupPage = lazy(() => import('@/features/onboarding/SignupPage'));
export const TrialPage = lazy(() => import('@/features/onboarding/TrialPage'));
export const CheckoutRedirectPage = lazy(() => import('@/features/setup/CheckoutRedirectPage'));
export const CheckoutCancelPage = lazy(() => import('@/features/setup/CheckoutCancelPage'));
export const DashboardPage = guarded(() => import('@/features/calls/DashboardPage'));
export const SettingsPage = guarded(() => import('@/features/settings/SettingsPage'));
