import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { formatE164, forwardingToE164 } from '@/lib/phone';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { forwardingEntered, selectForwardingNumber, selectSelectedNumber } from './onboardingSlice';
import { ForwardingNumberField } from './ForwardingNumberField';
import { StepBackLink } from './StepBackLink';
import { useForwardingInput } from './useForwardingInput';

/** Step 2 ("forward"): where calls to the chosen number should ring. */
export function ForwardingStep() {
  const dispatch = useAppDispatch();
  const selectedNumber = useAppSelector(selectSelectedNumber);
  const forwarding = useForwardingInput(useAppSelector(selectForwardingNumber));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = forwarding.validate();
    if (value) dispatch(forwardingEntered(forwardingToE164(value)));
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="h2" component="h1" tabIndex={-1} gutterBottom sx={{ outline: 'none' }}>
        Where should we forward your calls?
      </Typography>
      <Typography color="text.secondary">Your business number</Typography>
      <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, mb: 3 }}>
        {formatE164(selectedNumber)}
      </Typography>
      <ForwardingNumberField value={forwarding.value} onChange={forwarding.setValue} />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
        Complete Setup
      </Button>
      <StepBackLink />
    </Box>
  );
}
