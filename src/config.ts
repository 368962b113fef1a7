// The only module that reads import.meta.env, so Vite and Jest see the same configuration.
const env = import.meta.env;

export const config = {
  apiBaseUrl: (env.VITE_API_BASE_URL || '/api').replace(/\/$/, ''),
  productName: env.VITE_PRODUCT_NAME || 'Forwardly',
  supportEmail: env.VITE_SUPPORT_EMAIL || 'support@forwardly.example',
  analyticsKey: env.VITE_ANALYTICS_KEY || '',
  companyName: env.VITE_COMPANY_NAME || 'Forwardly Inc',
  isDev: Boolean(env.DEV),
};
