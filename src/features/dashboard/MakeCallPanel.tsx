import PhoneIcon from '@mui/icons-material/Phone';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatDialInput, toE164 } from '@/lib/phone';
import { CallModal } from './CallModal';
import { useCreateCallMutation, type NewCall } from './dashboardApi';
import { useRefreshHistorySoon } from './useRefreshHistorySoon';

interface Props {
  businessNumber: string;
  forwardingNumber: string;
  isLoading: boolean;
}

// "(ddd) ddd-dddd" is 14 characters: the shortest complete number (spec §5).
const COMPLETE_LENGTH = 14;

export function MakeCallPanel({ businessNumber, forwardingNumber, isLoading }: Props) {
  const [dialled, setDialled] = useState('');
  const [touched, setTouched] = useState(false);
  const [placedCall, setPlacedCall] = useState<NewCall | null>(null);
  const [createCall, { isLoading: isCalling }] = useCreateCallMutation();
  const refreshHistorySoon = useRefreshHistorySoon();

  const incomplete = !isLoading && (!businessNumber || !forwardingNumber);
  const canCall = dialled.length >= COMPLETE_LENGTH && Boolean(forwardingNumber) && !isCalling;
  const missingNumber = touched && dialled === '';

  const call = async (event: FormEvent) => {
    event.preventDefault();
    if (!canCall) return;
    const newCall = {
      from_number: businessNumber,
      forwarding_number: forwardingNumber,
      recipient: toE164(dialled),
    };
    try {
      await createCall(newCall).unwrap();
      toast.success('Call initiated successfully');
      setPlacedCall(newCall);
      refreshHistorySoon();
    } catch {
      toast.error('Failed to initiate call. Please try again.');
    }
  };

  const closeModal = () => {
    setPlacedCall(null);
    setDialled('');
    setTouched(false);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="make-call-heading" sx={{ p: 3, flex: 3 }}>
      <Typography id="make-call-heading" variant="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
        Make a Call
      </Typography>
      {incomplete && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Phone configuration is incomplete
        </Alert>
      )}
      <Stack component="form" noValidate onSubmit={call} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Number to call"
          type="tel"
          value={dialled}
          onChange={(event) => {
            setDialled(formatDialInput(event.target.value));
            setTouched(true);
          }}
          placeholder="(555) 555-5555"
          error={missingNumber}
          helperText={missingNumber ? 'Please enter a number to call' : ' '}
          slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={<PhoneIcon />}
          disabled={!canCall}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minWidth: 120, height: 56 }}
        >
          {isCalling ? 'Calling...' : 'Call'}
        </Button>
      </Stack>
      {placedCall && <CallModal call={placedCall} onClose={closeModal} />}
    </Paper>
  );
}
