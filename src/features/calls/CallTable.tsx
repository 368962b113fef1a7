import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '@/lib/dates';
import { minutesSeconds } from '@rules/durations';
import { formatE164 } from '@/lib/phone';
import { CallDirection, directionStyles } from './CallDirection';
import { CallOutcome, outcomeStyles } from './CallOutcome';
import type { CallRecord } from '@contract/calls';

const labels = { ...directionStyles, ...outcomeStyles };

export function CallTable({ calls }: { calls: CallRecord[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Calls" sx={labels}>
        <TableHead>
          <TableRow>
            <TableCell>Direction</TableCell>
            <TableCell>From</TableCell>
            <TableCell>To</TableCell>
            <TableCell>Date and time</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Duration</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {calls.map((call) => (
            <TableRow key={call.id}>
              <TableCell>
                <CallDirection direction={call.direction} />
              </TableCell>
              <TableCell>{formatE164(call.from_number)}</TableCell>
              <TableCell>{formatE164(call.to_number)}</TableCell>
              <TableCell>{formatDateTime(call.created_at)}</TableCell>
              <TableCell>
                <CallOutcome call={call} />
              </TableCell>
              <TableCell align="right">{minutesSeconds(call.duration)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
