import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { destinationProblem } from '@rules/destinations';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { forwardingNumberStored } from '@/store/onboardingSlice';
import { useConfigureNumberMutation } from '@/store/api/numbers';
import { serverMessage } from '@/lib/apiError';
import { formatE164, formatForwardingInput, forwardingToE164 } from '@/lib/phone';
import { useAppDispatch } from '@/store/hooks';

interface Props {
  businessNumber: string;
  current: string;
  onDone: () => void;
}

// "(ddd) ddd-dddd": the field's maximum and the only complete form (docs/product.md, "Numbers").
const COMPLETE_LENGTH = 14;

export function ForwardingNumberForm({ businessNumber, current, onDone }: Props) {
  const dispatch = useAppDispatch();
  // A fresh draft from the saved value on every Change, so Cancel simply drops the draft.
  const [draft, setDraft] = useState(() => formatE164(current));
  // Why the number is refused (destination policy, or the server's 400), shown under the field.
  const [problem, setProblem] = useState('');
  const [configureNumber, { isLoading: isSaving }] = useConfigureNumberMutation();
  const empty = draft === '';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!businessNumber) {
      toast.error('Business number not found');
      return;
    }
    const forwarding = forwardingToE164(draft);
    const refused = destinationProblem(forwarding);
    if (refused) {
      setProblem(refused);
      return;
    }
    try {
      await configureNumber({ twilio_number: businessNumber, forwarding_number: forwarding }).unwrap();
      dispatch(forwardingNumberStored(forwarding));
      toast.success('Forwarding number updated successfully!');
      onDone();
    } catch (failure) {
      setProblem(serverMessage(failure, 400, 429) ?? '');
      toast.error('Failed to update forwarding number');
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={save} spacing={2}>
      <TextField
        label="Forwarding number"
        type="tel"
        value={draft}
        onChange={(event) => {
          setDraft(formatForwardingInput(event.target.value));
          setProblem('');
        }}
        placeholder="(555) 555-5555"
        error={empty || Boolean(problem)}
        helperText={
          empty
            ? 'Please enter a forwarding number'
            : problem || 'Calls to your business number ring this phone'
        }
        autoFocus
        slotProps={{
          htmlInput: { maxLength: COMPLETE_LENGTH, inputMode: 'tel', autoComplete: 'tel-national' },
        }}
      />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={isSaving || draft.length < COMPLETE_LENGTH}>
          {isSaving ? 'Saving...' : 'Save'}
        </Button>
        <Button onClick={onDone} disabled={isSaving}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
