import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '@/lib/dates';
import { minutesSeconds } from '@rules/durations';
import { formatE164 } from '@/lib/phone';
import { CallBackButton } from './CallBackButton';
import { CallDirection, directionStyles } from './CallDirection';
import type { CallListProps } from './CallList';
import { CallOutcome, outcomeStyles } from './CallOutcome';
import { otherParty } from './otherParty';
import { visuallyHidden } from './visuallyHidden';

const labels = {
  ...directionStyles,
  ...outcomeStyles,
  '& .call-number': { whiteSpace: 'nowrap' },
  '& .visually-hidden': visuallyHidden,
};

/** The history on a wide screen: who the call was with first, as a phone's recent calls list it. */
export function CallTable({ calls, onCallBack }: CallListProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Calls" sx={labels}>
        <TableHead>
          <TableRow>
            <TableCell>Number</TableCell>
            <TableCell>Direction</TableCell>
            <TableCell>Date and time</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Duration</TableCell>
            <TableCell>
              <span className="visually-hidden">Actions</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {calls.map((call) => (
            <TableRow key={call.id}>
              <TableCell className="call-number">{formatE164(otherParty(call))}</TableCell>
              <TableCell>
                <CallDirection direction={call.direction} />
              </TableCell>
              <TableCell>{formatDateTime(call.created_at)}</TableCell>
              <TableCell>
                <CallOutcome call={call} />
              </TableCell>
              <TableCell align="right">{minutesSeconds(call.duration)}</TableCell>
              <TableCell align="right" padding="none">
                <CallBackButton number={otherParty(call)} onCallBack={onCallBack} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
