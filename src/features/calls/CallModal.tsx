import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useId } from 'react';
import type { CallDetail } from '@contract/calls';
import type { NewCall } from '@contract/calls';
import { callProgressView } from './callProgress';
import { useFollowCall } from './useFollowCall';
import { visuallyHidden } from './visuallyHidden';

interface Props {
  placed: NewCall;
  // The call as create-call answered it; followed from there.
  call: CallDetail;
  onClose: () => void;
}

/** How a click-to-call unfolds for the user, step by step as it happens, and how it ended. */
export function CallModal({ placed, call: created, onClose }: Props) {
  const titleId = useId();
  const call = useFollowCall(created);
  const view = callProgressView(placed, call);
  const current = view.outcome?.text ?? view.steps[view.activeStep];
  // Focus is not restored to the Call button (disabled once the dialler is cleared): the panel moves it
  // to the dialler when the dialog closes.
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs" disableRestoreFocus>
      <DialogTitle id={titleId}>{view.ended ? 'Call ended' : 'Your call is on its way'}</DialogTitle>
      <DialogContent>
        <Stepper orientation="vertical" activeStep={view.activeStep} component="ol" sx={{ pl: 0 }}>
          {view.steps.map((step, index) => (
            <Step key={step} component="li" expanded>
              <StepLabel error={index === view.failedStep}>{step}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {view.outcome && (
          <Alert severity={view.outcome.severity} sx={{ mt: 2 }}>
            {view.outcome.text}
          </Alert>
        )}
        {/* Read out as the call moves on; the steps above show it. */}
        <Box component="span" role="status" sx={visuallyHidden}>
          {current}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
