import type { Config } from './config';
import type { Db } from './db/client';

// Everything the routes need from outside, so tests can pass a fresh database and
// sandbox providers, or fakes at the HTTP edge.
export interface AppDeps {
  config: Config;
  db: Db;
  // Where the built SPA lives; defaults to the repository's dist/.
  distDir?: string;
}
