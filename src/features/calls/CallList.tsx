import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CallCards } from './CallCards';
import { CallTable } from './CallTable';
import type { CallRecord } from '@contract/calls';

export interface CallListProps {
  calls: CallRecord[];
  // Puts a call's other party in the dialler.
  onCallBack?: (number: string) => void;
}

/** A table where there is room for one, a list of cards on a phone. */
export function CallList(props: CallListProps) {
  const theme = useTheme();
  // Read at the first render (this page is never rendered on a server): by default MUI answers "no"
  // first and corrects it after mounting, so a phone built the whole table, then the cards.
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return narrow ? <CallCards {...props} /> : <CallTable {...props} />;
}
