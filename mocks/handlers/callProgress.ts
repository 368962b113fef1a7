import type { CallDetail } from '../../contract/calls';
import type { CallStage, CallStatus } from '../../contract/call-states';
import { db } from '../db';

// A placed call moves on as the server's sandbox carrier moves it: one step every 2 seconds
// (ringing your phone, you answer and press 1, the recipient rings, then answers and talks 30 s),
// unless the recipient is a test number: +1 NXX 555-0198 is busy, +1 NXX 555-0199 never answers.
// The state is worked out from the time the call was placed, so fake timers move it too.

const STEP_MS = 2000;
const TALK_SECONDS = 30;
type Outcome = 'answered' | 'busy' | 'no-answer';

const outcomeFor = (recipient: string): Outcome =>
  /5550198$/.test(recipient) ? 'busy' : /5550199$/.test(recipient) ? 'no-answer' : 'answered';

type State = [CallStage, CallStatus, number?];
const STEPS: Record<Outcome, State[]> = {
  answered: [
    ['calling_you', 'queued'],
    ['calling_you', 'ringing'],
    ['waiting_for_key', 'in-progress'],
    ['calling_recipient', 'ringing'],
    ['connected', 'in-progress'],
    ['connected', 'completed', TALK_SECONDS],
  ],
  busy: [
    ['calling_you', 'queued'],
    ['calling_you', 'ringing'],
    ['waiting_for_key', 'in-progress'],
    ['calling_recipient', 'ringing'],
    ['calling_recipient', 'busy'],
  ],
  'no-answer': [
    ['calling_you', 'queued'],
    ['calling_you', 'ringing'],
    ['waiting_for_key', 'in-progress'],
    ['calling_recipient', 'ringing'],
    ['calling_recipient', 'ringing'],
    ['calling_recipient', 'no-answer'],
  ],
};

/** Records a new click-to-call that will move on by itself. */
export function placeCall(call: CallDetail) {
  db.placed[call.id] = { at: Date.now(), outcome: outcomeFor(call.to_number) };
}

/** Brings a user's placed calls up to date (a call that has ended is left alone from then on). */
export function settleCalls(userId: string) {
  for (const call of db.calls[userId] ?? []) {
    const placed = db.placed[call.id];
    if (!placed) continue;
    const steps = STEPS[placed.outcome];
    const step = Math.min(Math.floor((Date.now() - placed.at) / STEP_MS), steps.length - 1);
    const [stage, status, duration = 0] = steps[step];
    Object.assign(call, { stage, status, duration });
    if (step === steps.length - 1) delete db.placed[call.id];
  }
}

/** Whether the user has a click-to-call still under way (the server allows one at a time). */
export const hasCallUnderWay = (userId: string) =>
  (db.calls[userId] ?? []).some((call) => db.placed[call.id]);
