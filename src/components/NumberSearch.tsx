import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useLazySearchNumbersQuery } from '@/store/api/numbers';
import { serverMessage } from '@/lib/apiError';
import { sanitizeAreaCode } from '@/lib/phone';
import { showFieldProblem } from '@/lib/showFieldProblem';
import { NumberResults } from './NumberResults';

interface Props {
  /** Searched at once when not empty (the landing page's ?areaCode=, or the area of a chosen number). */
  initialAreaCode: string;
  /** The chosen number in E.164, highlighted in the list. */
  selectedNumber: string;
  onChoose: (e164: string) => void;
  disabled?: boolean;
}

/** Area-code search and the list of available numbers; used by onboarding and by the post-checkout setup. */
export function NumberSearch({ initialAreaCode, selectedNumber, onChoose, disabled = false }: Props) {
  const [areaCode, setAreaCode] = useState(() => sanitizeAreaCode(initialAreaCode));
  const [search, { currentData, isFetching }] = useLazySearchNumbersQuery();
  // A missing area code, or why the server refused one ("000", a code outside the US), under the field.
  const [problem, setProblem] = useState('');
  const field = useRef<HTMLInputElement>(null);

  // A refusal with a reason (area code 911, a limit) is said once, under the field (after a Search,
  // with focus on the field); any other failure gets the spec's toast.
  const runSearch = useCallback(
    (code: string, showProblem: (problem: string) => void = setProblem) =>
      search(code)
        .unwrap()
        .catch((failure: unknown) => {
          const reason = serverMessage(failure, 400, 429) ?? '';
          showProblem(reason);
          if (!reason) toast.error('Failed to search for numbers. Please try again.');
        }),
    [search],
  );

  const initialCode = sanitizeAreaCode(initialAreaCode);
  useEffect(() => {
    if (initialCode) void runSearch(initialCode);
  }, [initialCode, runSearch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const showProblem = (problem: string) => showFieldProblem(setProblem, problem, field);
    if (!areaCode) return showProblem('Please enter an area code');
    setProblem('');
    void runSearch(areaCode, showProblem);
  };

  return (
    <Box>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
      >
        <TextField
          label="Area code"
          value={areaCode}
          onChange={(event) => {
            setAreaCode(sanitizeAreaCode(event.target.value));
            setProblem('');
          }}
          error={Boolean(problem)}
          helperText={problem || undefined}
          placeholder="e.g. 512"
          autoComplete="off"
          inputRef={field}
          // No maxLength: it would cut a pasted "(415)" to "(41"; sanitizeAreaCode keeps 3 digits.
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: 160 }}
        />
        <Button type="submit" variant="contained" size="large" disabled={isFetching} sx={{ minHeight: 56 }}>
          {isFetching ? 'Searching...' : 'Search'}
        </Button>
      </Box>
      <Box sx={{ mt: 3 }}>
        {isFetching ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>Searching for available numbers…</Typography>
          </Box>
        ) : (
          currentData && (
            <NumberResults
              result={currentData}
              selectedNumber={selectedNumber}
              onChoose={onChoose}
              disabled={disabled}
            />
          )
        )}
      </Box>
    </Box>
  );
}
