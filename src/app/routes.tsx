import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './Layout';
import * as Page from './pages';
import { prefetchFor } from './prefetch';
import { PrefetchingRoute } from './PrefetchingRoute';
import { SessionRedirect } from './SessionRedirect';

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
      { path: '/', element: <Page.LandingPage /> },
      { path: '/login', element: <Page.LoginPage /> },
      { path: '/forgot-password', element: <Page.ForgotPasswordPage /> },
      { path: '/reset-password', element: <Page.ResetPasswordPage /> },
      { path: '/terms', element: <Page.LegalPage document="terms" /> },
      { path: '/privacy', element: <Page.LegalPage document="privacy" /> },
      { path: '/checkout/redirect', element: <Page.CheckoutRedirectPage /> },
      { path: '/checkout/cancel', element: <Page.CheckoutCancelPage /> },
      { path: '/signup', element: <Page.SignupPage /> },
      { path: '*', element: <SessionRedirect fallback="/" /> },
    ],
  },
];

export const signedInRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/checkout/redirect', element: <Page.CheckoutRedirectPage /> },
      // Signed in but without a subscription yet: checkout can be (re)started from these two.
      { path: '/checkout/cancel', element: <Page.CheckoutCancelPage /> },
      { path: '/trial', element: <Page.TrialPage /> },
      prefetching('/dashboard', <Page.DashboardPage />),
      prefetching('/settings', <Page.SettingsPage />),
      // The footer, settings and the delete dialog link here: readable signed in too (issue 40).
      { path: '/terms', element: <Page.LegalPage document="terms" /> },
      { path: '/privacy', element: <Page.LegalPage document="privacy" /> },
      { path: '*', element: <SessionRedirect fallback="/dashboard" /> },
    ],
  },
];
