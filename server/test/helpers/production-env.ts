// A production environment with real providers and every required setting: the configuration tests
// take settings out of it, or change one, to see what production refuses.
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-to-sign',
  APP_URL: 'https://forwardly.example',
  DATA_DIR: '/tmp/forwardly-config-test',
  DATABASE_URL: 'postgres://forwardly@db.internal:5432/forwardly',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_ID: 'price_x',
  TWILIO_ACCOUNT_SID: 'ACx',
  TWILIO_AUTH_TOKEN: 'token',
  SMTP_URL: 'smtps://user:pass@smtp.example.com',
  REDIS_URL: 'redis://cache.internal:6379',
};
