import { pageModules } from '@/app/pageManifest';

// Every lazily loaded page, loaded once per test file before its tests: a wait inside a test then covers a
// page's render and requests, never a chunk's first import (a few seconds on a busy machine).
export const preloadPages = () =>
  Promise.all(Object.values(pageModules).map((module) => import(`@/${module}`) as Promise<unknown>));
