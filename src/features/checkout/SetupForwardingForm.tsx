import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import { ForwardingNumberField } from '@/features/onboarding/ForwardingNumberField';
import { selectForwardingNumber, selectSelectedNumber } from '@/features/onboarding/onboardingSlice';
import { useForwardingInput } from '@/features/onboarding/useForwardingInput';
import { formatE164 } from '@/lib/phone';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { setupForwardingEntered } from './setupThunks';

/** Setup with a number but no forwarding yet: where its calls should ring. */
export function SetupForwardingForm() {
  const dispatch = useAppDispatch();
  const selectedNumber = useAppSelector(selectSelectedNumber);
  const forwarding = useForwardingInput(useAppSelector(selectForwardingNumber));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = forwarding.validate();
    if (value) void dispatch(setupForwardingEntered(value));
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="h2" component="h1" gutterBottom>
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
    </Box>
  );
}
