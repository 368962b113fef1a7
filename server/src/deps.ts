import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { BillingProvider } from './providers/billing/provider';
import type { CallEventHub } from './calls/call-events';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './providers/mail/mailer';
import type { TelephonyProvider } from './providers/telephony/provider';

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
  // Tells open call histories that a call changed (calls/call-events.ts): the routes, the stream and
  // the jobs share this one, made with the rest of the deps.
  callEvents: CallEventHub;
}

/**
 * A plugin of routes: each handler's request and reply are typed from its route's JSON schemas
 * (the schema is the contract, so no hand-written copy of a body or query type).
 */
export type RoutesPlugin<Options extends object = object> = FastifyPluginAsyncJsonSchemaToTs<{
  Options: { deps: AppDeps } & Options;
}>;
