import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { formatE164 } from '@/lib/phone';
import { useAppSelector } from '@/store/hooks';
import { selectForwardingNumber, selectSelectedNumber } from '@/store/onboardingSlice';
import { ForwardingNumberField } from './ForwardingNumberField';
import { useForwardingInput } from './useForwardingInput';

interface Props {
  /** Called with the validated forwarding number as typed, (xxx) xxx-xxxx. */
  onComplete: (value: string) => void;
  /** What the field starts with instead of the stored forwarding number, e.g. a number whose setup failed. */
  draft?: string;
  /** Shown under the button, e.g. the Back link of onboarding. */
  children?: ReactNode;
}

/** The chosen business number and where its calls should ring: onboarding step 2 and setup. */
export function ForwardingForm({ onComplete, draft = '', children }: Props) {
  const selectedNumber = useAppSelector(selectSelectedNumber);
  const storedForwarding = useAppSelector(selectForwardingNumber);
  const forwarding = useForwardingInput(draft || storedForwarding);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = forwarding.validate();
    if (value) onComplete(value);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="h2" component="h1" tabIndex={-1} gutterBottom sx={{ outline: 'none' }}>
        Where should we forward your calls?
      </Typography>
      <Typography color="textSecondary">Your business number</Typography>
      <Typography variant="figure" sx={{ mb: 3 }}>
        {formatE164(selectedNumber)}
      </Typography>
      <ForwardingNumberField
        value={forwarding.value}
        onChange={forwarding.setValue}
        hint="Calls to your business number will ring this phone."
        error={forwarding.problem}
        inputRef={forwarding.fieldRef}
      />
      <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 3 }}>
        Complete Setup
      </Button>
      {children}
    </Box>
  );
}
