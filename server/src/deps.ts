import type { BillingProvider } from './billing/provider';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { TelephonyProvider } from './telephony/provider';

// Everything the routes need from outside, so tests can pass a fresh database and
// sandbox providers, or real providers pointed at fakes on 127.0.0.1.
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  billing: BillingProvider;
  telephony: TelephonyProvider;
  // Where the built SPA lives; defaults to the repository's dist/.
  distDir?: string;
}
