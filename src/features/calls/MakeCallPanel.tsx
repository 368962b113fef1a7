import PhoneIcon from '@mui/icons-material/Phone';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { destinationProblem } from '@rules/destinations';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import toast from 'react-hot-toast';
import { serverMessage } from '@/lib/apiError';
import { digitsOnly, formatDialInput, isInternationalInput, toE164 } from '@/lib/phone';
import { showFieldProblem } from '@/lib/showFieldProblem';
import type { CallDetail } from '@contract/calls';
import type { NewCall } from '@contract/calls';
import { useCreateCallMutation, useGetUsageQuery } from '@/store/api/calls';
import { SectionHeading } from '@/components/SectionHeading';
import { useRefreshHistorySoon } from './useRefreshHistorySoon';

// Only a placed call shows it: the dialog and stepper stay out of the dashboard's first load.
const CallModal = lazy(() => import('./CallModal').then(({ CallModal }) => ({ default: CallModal })));

interface Props {
  businessNumber: string;
  forwardingNumber: string;
  isLoading: boolean;
  // The number lookup failed: its toast says so, and the configuration is not known to be incomplete.
  isError?: boolean;
  // A number to ring back, picked in the call history.
  callBack?: { number: string };
}

// "(ddd) ddd-dddd" is 14 characters: the shortest complete number (docs/product.md, "Calls").
const COMPLETE_LENGTH = 14;

// A refusal that says what to do (a call already under way, no forwarding number, the plan's minutes
// or payment) is shown as the server words it; any other failure gets the generic toast.
const refusalMessage = (error: unknown) => serverMessage(error, 402, 409);

// The dialler rings US numbers only (docs/product.md, "Calls"): "+44 …" is said to be out of reach
// and left as typed, rather than squeezed into a US shape.
const INTERNATIONAL = 'International numbers are not supported. Enter a US number.';

export function MakeCallPanel({ businessNumber, forwardingNumber, isLoading, isError, callBack }: Props) {
  const [dialled, setDialled] = useState('');
  const [touched, setTouched] = useState(false);
  // Why the call cannot be placed (destination policy, or the server's 400/429), under the field.
  const [problem, setProblem] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const [placedCall, setPlacedCall] = useState<{ placed: NewCall; call: CallDetail } | null>(null);
  const [createCall, { isLoading: isCalling }] = useCreateCallMutation();
  const refreshHistorySoon = useRefreshHistorySoon();

  const incomplete = !isLoading && !isError && (!businessNumber || !forwardingNumber);

  // A new Call back fills the dialler during render (React's "adjusting state when a prop changes").
  const [filledFrom, setFilledFrom] = useState(callBack);
  if (callBack !== filledFrom) {
    setFilledFrom(callBack);
    if (callBack) {
      setDialled(formatDialInput(digitsOnly(callBack.number).slice(-10)));
      setTouched(true);
      setProblem('');
    }
  }
  useEffect(() => {
    if (callBack) field.current?.focus();
  }, [callBack]);

  // A trial whose minutes are used up places no call until its first payment (the usage panel offers it).
  const { data: usage } = useGetUsageQuery();
  const paused = Boolean(usage?.trial && usage.trial.minutes_used >= usage.trial.minutes_limit);
  const international = isInternationalInput(dialled);
  const canCall =
    dialled.length >= COMPLETE_LENGTH && !international && Boolean(forwardingNumber) && !isCalling && !paused;
  const missingNumber = touched && dialled === '';

  const call = async (event: FormEvent) => {
    event.preventDefault();
    if (!canCall) return;
    const newCall = {
      from_number: businessNumber,
      forwarding_number: forwardingNumber,
      recipient: toE164(dialled),
    };
    const refused = destinationProblem(newCall.recipient);
    if (refused) {
      showFieldProblem(setProblem, refused, field);
      return;
    }
    try {
      const { call: created } = await createCall(newCall).unwrap();
      toast.success('Call initiated successfully');
      setPlacedCall({ placed: newCall, call: created });
      refreshHistorySoon();
    } catch (failure) {
      // A refusal with a reason is said once, where it belongs; the toast is for every other failure.
      const reason = serverMessage(failure, 400, 429) ?? '';
      showFieldProblem(setProblem, reason, field);
      if (!reason) toast.error(refusalMessage(failure) ?? 'Failed to initiate call. Please try again.');
    }
  };

  const closeModal = () => {
    flushSync(() => {
      setPlacedCall(null);
      setDialled('');
      setTouched(false);
    });
    // The Call button, where focus was, is disabled with the dialler empty: back to the dialler.
    field.current?.focus();
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="make-call-heading" sx={{ p: 3, flex: 3 }}>
      <SectionHeading id="make-call-heading">Make a Call</SectionHeading>
      {incomplete && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Phone configuration is incomplete
        </Alert>
      )}
      {paused && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Calls are paused: your free trial&apos;s {usage!.trial!.minutes_limit} minutes are used up. Start
          your paid plan to call again.
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
            setProblem('');
          }}
          inputRef={field}
          placeholder="(555) 555-5555"
          error={missingNumber || international || Boolean(problem)}
          helperText={
            missingNumber ? 'Please enter a number to call' : international ? INTERNATIONAL : problem || ' '
          }
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
      {placedCall && (
        <Suspense>
          <CallModal placed={placedCall.placed} call={placedCall.call} onClose={closeModal} />
        </Suspense>
      )}
    </Paper>
  );
}
