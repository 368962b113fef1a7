import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import Stack from '@mui/material/Stack';
import type { Direction } from '@contract/calls';

const shown = {
  inbound: { label: 'Inbound', Icon: CallReceivedIcon, color: 'secondary.main' },
  outbound: { label: 'Outbound', Icon: CallMadeIcon, color: 'primary.main' },
} as const;

/** A call's direction as an icon and its word; the icon is decoration, the word carries the meaning. */
export function CallDirection({ direction }: { direction: Direction }) {
  const { label, Icon, color } = shown[direction];
  return (
    <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
      <Icon fontSize="small" sx={{ color }} aria-hidden />
      <span>{label}</span>
    </Stack>
  );
}
