import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './Layout';
import * as Page from './pages';
import { prefetchFor } from './prefetch';
import { PrefetchingRoute } from './PrefetchingRoute';
import { SessionRedirect } from './SessionRedirect';
import { paths } from '@/config/paths';

// A signed-in page whose queries start with its route: those a first visit starts too, by path.
const prefetching = (path: keyof typeof prefetchFor, page: ReactNode): RouteObject => ({
  path,
  element: <PrefetchingRoute page={page} prefetch={prefetchFor[path]} />,
});

// The two route tables (docs/product.md, "Routes"); which one applies depends on whether an access
// token is stored. A session change swaps them, and the new table's catch-all lands where the changing
// flow chose.
export const signedOutRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.landing, element: <Page.LandingPage /> },
      { path: paths.login, element: <Page.LoginPage /> },
      { path: paths.forgotPassword, element: <Page.ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <Page.ResetPasswordPage /> },
      { path: paths.terms, element: <Page.LegalPage document="terms" /> },
      { path: paths.privacy, element: <Page.LegalPage document="privacy" /> },
      { path: paths.checkoutRedirect, element: <Page.CheckoutRedirectPage /> },
      { path: paths.checkoutCancel, element: <Page.CheckoutCancelPage /> },
      { path: paths.signup, element: <Page.SignupPage /> },
      { path: '*', element: <SessionRedirect fallback={paths.landing} /> },
    ],
  },
];

export const signedInRoutes: RouteObject[] = [
  {
    element: <Layout signedIn />,
    children: [
      { path: paths.checkoutRedirect, element: <Page.CheckoutRedirectPage /> },
      // Signed in but without a subscription yet: checkout can be (re)started from these two.
      { path: paths.checkoutCancel, element: <Page.CheckoutCancelPage /> },
      { path: paths.trial, element: <Page.TrialPage /> },
      prefetching(paths.dashboard, <Page.DashboardPage />),
      prefetching(paths.settings, <Page.SettingsPage />),
      { path: '*', element: <SessionRedirect fallback={paths.dashboard} /> },
    ],
  },
];
