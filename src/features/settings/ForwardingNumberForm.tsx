import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { destinationProblem } from '@rules/destinations';
import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormError } from '@/components/FormError';
import { FORWARDING_NUMBER_LENGTH, ForwardingNumberField } from '@/components/ForwardingNumberField';
import { useConfigureNumberMutation } from '@/store/api/numbers';
import { serverMessage } from '@/lib/apiError';
import { formatE164, forwardingToE164 } from '@/lib/phone';
import { showFieldProblem } from '@/lib/showFieldProblem';

interface Props {
  businessNumber: string;
  current: string;
  onDone: () => void;
}

export function ForwardingNumberForm({ businessNumber, current, onDone }: Props) {
  // A fresh draft from the saved value on every Change, so Cancel simply drops the draft.
  const [draft, setDraft] = useState(() => formatE164(current));
  // Why the number is refused (destination policy, or the server's 400), shown under the field.
  const [problem, setProblem] = useState('');
  const field = useRef<HTMLInputElement>(null);
  // Why the form cannot be sent (no business number), shown above the field.
  const [error, setError] = useState('');
  const [configureNumber, { isLoading: isSaving }] = useConfigureNumberMutation();
  const empty = draft === '';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!businessNumber) {
      setError('Business number not found');
      return;
    }
    const forwarding = forwardingToE164(draft);
    const refused = destinationProblem(forwarding);
    if (refused) {
      showFieldProblem(setProblem, refused, field);
      return;
    }
    setError('');
    try {
      await configureNumber({ twilio_number: businessNumber, forwarding_number: forwarding }).unwrap();
      toast.success('Forwarding number updated successfully!');
      onDone();
    } catch (failure) {
      showFieldProblem(setProblem, serverMessage(failure, 400, 429) ?? '', field);
      toast.error('Failed to update forwarding number');
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={save} spacing={2}>
      <FormError message={error} />
      <ForwardingNumberField
        value={draft}
        onChange={(formatted) => {
          setDraft(formatted);
          setProblem('');
        }}
        hint="Calls to your business number ring this phone"
        error={empty ? 'Please enter a forwarding number' : problem}
        autoFocus
        inputRef={field}
      />
      <Stack direction="row" spacing={2}>
        <Button
          type="submit"
          variant="contained"
          disabled={isSaving || draft.length < FORWARDING_NUMBER_LENGTH}
        >
          {isSaving ? 'Saving...' : 'Save'}
        </Button>
        <Button onClick={onDone} disabled={isSaving}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
