import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CallCards } from './CallCards';
import { CallTable } from './CallTable';
import type { CallRecord } from '@contract/calls';

/** A table where there is room for one, a list of cards on a phone. */
export function CallList({ calls }: { calls: CallRecord[] }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  return narrow ? <CallCards calls={calls} /> : <CallTable calls={calls} />;
}
