import type { CallStage, CallStatus } from './call-states';

// The steps a click-to-call to a recipient who answers walks on the sandbox carrier, read back as
// [stage, status, duration] after each one. The server's sandbox and the mock API must walk the same
// steps, as the web app shows them; their tests (server/test/calls-create.test.ts, mocks/calls.test.ts)
// check them against this list.
export const ANSWERED_CALL_STEPS: [CallStage, CallStatus, number][] = [
  ['calling_you', 'queued', 0],
  ['calling_you', 'ringing', 0],
  ['waiting_for_key', 'in-progress', 0],
  ['calling_recipient', 'ringing', 0],
  ['connected', 'in-progress', 0],
  ['connected', 'completed', 30],
];
