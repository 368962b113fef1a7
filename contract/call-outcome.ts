import type { CallRecord } from './calls';

const ENDED_UNANSWERED = ['no-answer', 'busy', 'failed', 'canceled'];

// Twilio's status in the history's words. The one table of them: the screen and the CSV file both read
// it, so a call is "No answer" in both (issue 40).
const LABELS: Record<CallRecord['status'], string> = {
  queued: 'Starting',
  ringing: 'Ringing',
  'in-progress': 'In progress',
  completed: 'Completed',
  'no-answer': 'No answer',
  busy: 'Busy',
  failed: 'Failed',
  canceled: 'Canceled',
  blocked: 'Blocked',
};

/**
 * How a call went, in the history's words. An inbound call nobody answered is "Missed" whatever
 * the reason; a call placed from the dashboard says why it did not connect. A call refused because
 * the account had no service is "Blocked": the owner's phone never rang.
 */
export function callOutcome({ direction, status }: Pick<CallRecord, 'direction' | 'status'>) {
  if (status === 'blocked') return { label: LABELS.blocked, unanswered: true };
  const unanswered = ENDED_UNANSWERED.includes(status);
  if (direction === 'inbound' && unanswered) return { label: 'Missed', unanswered };
  if (direction === 'inbound' && status === 'completed') return { label: 'Answered', unanswered };
  return { label: LABELS[status] ?? status, unanswered };
}
