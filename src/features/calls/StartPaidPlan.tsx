import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { dollars, YEARLY_PRICE_CENTS } from '@rules/plan';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { serverMessage } from '@/lib/apiError';
import { useEndTrialMutation } from '@/store/api/billing';

const DECLINED =
  'Your card was declined. Update it in Manage Billing on the settings page to start your plan.';

/**
 * "Start paid plan now": ends the free trial at once, so its calls (paused at the trial's minutes)
 * work again as soon as the year is paid. Asks first, saying what is charged.
 */
export function StartPaidPlan() {
  const [open, setOpen] = useState(false);
  const [endTrial, { isLoading }] = useEndTrialMutation();

  const start = async () => {
    try {
      const { subscription } = await endTrial().unwrap();
      setOpen(false);
      if (subscription?.status === 'active') toast.success('Your paid plan has started');
      else toast.error(DECLINED);
    } catch (failure) {
      toast.error(
        serverMessage(failure, 409, 502) ?? 'Your paid plan could not be started. Please try again.',
      );
    }
  };

  return (
    <>
      <Button variant="contained" size="small" onClick={() => setOpen(true)} sx={{ mt: 1.5 }}>
        Start paid plan now
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="start-plan-title">
        <DialogTitle id="start-plan-title">Start your paid plan now?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Your free trial ends today and {dollars(YEARLY_PRICE_CENTS)} for the year is charged to your card
            on file, with any extra minutes of the trial. Calls paused by the trial&apos;s minutes work again
            once it is paid.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={isLoading}>
            Not now
          </Button>
          <Button variant="contained" onClick={() => void start()} disabled={isLoading}>
            {isLoading ? 'Starting...' : 'Start paid plan'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
