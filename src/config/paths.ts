// Every page's path (docs/product.md, "Routes"), written once for the routes, the links and
// redirects, and the build's preloading. Dependency-free: the build reads it too.
export const paths = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  terms: '/terms',
  privacy: '/privacy',
  checkoutRedirect: '/checkout/redirect',
  checkoutCancel: '/checkout/cancel',
  trial: '/trial',
  dashboard: '/dashboard',
  settings: '/settings',
} as const;

/** The query parameter by which a signed-in page shows a legal text in a dialog (`?legal=terms`). */
export const LEGAL_PARAM = 'legal';

/**
 * Where a link to the terms or the privacy policy goes. Signed out, to its page; signed in, where the
 * route table sends /terms and /privacy to the dashboard (docs/product.md, "Routes"), to the same page
 * with the text asked for: the signed-in pages' frame shows it in a dialog (components/LegalDialogHost).
 */
export const legalTextLink = (document: 'terms' | 'privacy', signedIn: boolean) =>
  signedIn ? `?${LEGAL_PARAM}=${document}` : paths[document];
