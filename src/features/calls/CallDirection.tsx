import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import type { Direction } from '@contract/calls';

const shown = {
  inbound: { label: 'Inbound', Icon: CallReceivedIcon },
  outbound: { label: 'Outbound', Icon: CallMadeIcon },
} as const;

// The list or table around the labels styles them all at once: a styled layout per label made a
// page of calls serialize twenty more sets of styles on every render.
export const directionStyles = {
  '& .call-direction': { display: 'flex', alignItems: 'center', gap: 1 },
  '& .call-direction-inbound svg': { color: 'secondary.main' },
  '& .call-direction-outbound svg': { color: 'primary.main' },
} as const;

/** A call's direction as an icon and its word; the icon is decoration, the word carries the meaning. */
export function CallDirection({ direction }: { direction: Direction }) {
  const { label, Icon } = shown[direction];
  return (
    <span className={`call-direction call-direction-${direction}`}>
      <Icon fontSize="small" aria-hidden />
      <span>{label}</span>
    </span>
  );
}
