import PhoneMissedIcon from '@mui/icons-material/PhoneMissed';
import type { CallRecord } from '@contract/calls';
import { callOutcome } from '@contract/call-outcome';

// Styled by the list or table around the labels, as the direction is (directionStyles).
export const outcomeStyles = {
  '& .call-outcome': { display: 'flex', alignItems: 'center', gap: 0.5 },
  '& .call-outcome-unanswered': { color: 'error.main' },
} as const;

/** A call's outcome as a word; one that never connected stands out, with an icon as decoration. */
export function CallOutcome({ call }: { call: Pick<CallRecord, 'direction' | 'status'> }) {
  const { label, unanswered } = callOutcome(call);
  return (
    <span className={unanswered ? 'call-outcome call-outcome-unanswered' : 'call-outcome'}>
      {unanswered && <PhoneMissedIcon fontSize="small" aria-hidden />}
      <span>{label}</span>
    </span>
  );
}
