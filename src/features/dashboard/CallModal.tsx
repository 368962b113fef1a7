import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useId } from 'react';
import { formatE164 } from '@/lib/phone';
import type { NewCall } from './dashboardApi';

interface Props {
  call: NewCall;
  onClose: () => void;
}

/** How a click-to-call unfolds for the user: their own phone rings first, then the recipient's. */
export function CallModal({ call, onClose }: Props) {
  const titleId = useId();
  const steps = [
    `We're ringing your phone at ${formatE164(call.forwarding_number)}`,
    'Answer it',
    `We connect you to ${formatE164(call.recipient)}`,
    `They see your business number ${formatE164(call.from_number)}`,
  ];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Your call is on its way</DialogTitle>
      <DialogContent>
        <Stepper orientation="vertical" activeStep={0} component="ol" sx={{ pl: 0 }}>
          {steps.map((step) => (
            <Step key={step} component="li" expanded>
              <StepLabel>{step}</StepLabel>
            </Step>
          ))}
        </Stepper>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
