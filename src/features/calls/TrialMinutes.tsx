import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';

interface Props {
  used: number;
  limit: number;
  // Extra minutes accrued in the trial so far.
  overage: boolean;
}

/** A trial's calls stop at a number of minutes in total, so an unpaid trial has a bounded cost. */
export function TrialMinutes({ used, limit, overage }: Props) {
  return (
    <>
      {overage && (
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          Extra minutes in the trial are charged with your first payment, and not at all if you cancel before
          the trial ends.
        </Typography>
      )}
      {used >= limit ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {/* At the trial's end, or once a failed first payment is retried successfully. */}
          Your free trial&apos;s {limit} minutes of calls are used up. Calls are paused until your first
          payment goes through.
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
