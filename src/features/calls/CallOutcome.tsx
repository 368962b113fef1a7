import PhoneMissedIcon from '@mui/icons-material/PhoneMissed';
import Stack from '@mui/material/Stack';
import type { CallRecord } from '@contract/calls';
import { callOutcome } from './callOutcome';

/** A call's outcome as a word; one that never connected stands out, with an icon as decoration. */
export function CallOutcome({ call }: { call: Pick<CallRecord, 'direction' | 'status'> }) {
  const { label, unanswered } = callOutcome(call);
  return (
    <Stack
      direction="row"
      spacing={0.5}
      component="span"
      sx={{ alignItems: 'center', color: unanswered ? 'error.main' : undefined }}
    >
      {unanswered && <PhoneMissedIcon fontSize="small" aria-hidden />}
      <span>{label}</span>
    </Stack>
  );
}
