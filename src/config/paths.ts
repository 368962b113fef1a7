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
