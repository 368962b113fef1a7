import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { StartPaidPlan } from './StartPaidPlan';
import { trialNote } from './usageFigures';

interface Props {
  used: number;
  limit: number;
  // Extra minutes accrued in the trial so far.
  overage: boolean;
}

/**
 * A trial's calls stop at a number of minutes in total, so an unpaid trial has a bounded cost: the
 * dashboard warns from 80 %, says when they are used up, and offers to start the paid plan now.
 */
export function TrialMinutes({ used, limit, overage }: Props) {
  const note = trialNote(used, limit);
  return (
    <>
      {overage && (
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          Extra minutes in the trial are charged with your first payment, and not at all if you cancel before
          the trial ends.
        </Typography>
      )}
      {note === 'used up' ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {/* At the trial's end, or once a failed first payment is retried successfully. */}
          Your free trial&apos;s {limit} minutes of calls are used up. Calls are paused until your first
          payment goes through.
          <br />
          <StartPaidPlan />
        </Alert>
      ) : note === 'warning' ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          Free trial: {used} of {limit} minutes of calls used. Calls stop at {limit} minutes until your first
          payment; start your paid plan now to keep calling.
          <br />
          <StartPaidPlan />
        </Alert>
      ) : (
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          Free trial: {used} of {limit} minutes of calls used. During the trial, calls stop after {limit}{' '}
          minutes in total.
        </Typography>
      )}
    </>
  );
}
