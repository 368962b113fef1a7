import { setupWorker } from 'msw/browser';
import { setLatency } from './control';
import { clearDb, db, type MockDb } from './db';
import { handlers } from './handlers';

// dev:mock reloads the page on checkout and portal redirects; keeping the mock database in localStorage lets a
// new account survive them. Remove this key (or clear site data) to start again from the fixtures.
const STORAGE_KEY = 'forwardly.mockDb.v2';

const saved = localStorage.getItem(STORAGE_KEY);
if (saved) {
  try {
    clearDb(JSON.parse(saved) as MockDb);
  } catch {
    localStorage.removeItem(STORAGE_KEY);
  }
}

// A little latency so loading states ("Creating Account...", spinners) are visible when clicking through.
setLatency(300);

export const worker = setupWorker(...handlers);

worker.events.on('response:mocked', () => localStorage.setItem(STORAGE_KEY, JSON.stringify(db)));
