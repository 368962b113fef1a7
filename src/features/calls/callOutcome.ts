import type { CallRecord } from '@contract/calls';

const ENDED_UNANSWERED = ['no-answer', 'busy', 'failed', 'canceled'];

/**
 * How a call went, in the history's words. An inbound call nobody answered is "Missed" whatever
 * the reason; a call placed from the dashboard says why it did not connect.
 */
export function callOutcome({ direction, status }: Pick<CallRecord, 'direction' | 'status'>) {
  const unanswered = ENDED_UNANSWERED.includes(status);
  if (direction === 'inbound' && unanswered) return { label: 'Missed', unanswered };
  const labels: Record<CallRecord['status'], string> = {
    queued: 'Starting',
    ringing: 'Ringing',
    'in-progress': 'In progress',
    completed: direction === 'inbound' ? 'Answered' : 'Completed',
    'no-answer': 'No answer',
    busy: 'Busy',
    failed: 'Failed',
    canceled: 'Canceled',
  };
  return { label: labels[status] ?? status, unanswered };
}
