import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { PASSWORD_RULES } from '@rules/passwords';
import { PasswordField } from '@/components/CredentialFields';
import { serverMessage } from '@/lib/apiError';
import { newPasswordProblem } from '@/lib/newPasswordProblem';
import { useChangePasswordMutation } from '@/store/api/auth';
import { authRefusals } from '@contract/refusals/auth';
import { httpRefusals } from '@contract/refusals/http';

type Field = 'current' | 'next' | 'confirmation';
type Problems = Partial<Record<Field, string>>;

const EMPTY = { current: '', next: '', confirmation: '' };

// The server's refusals, each said under the field it is about.
const FIELD_OF_REFUSAL: Record<string, Field> = {
  [authRefusals.wrongCurrentPassword.code]: 'current',
  [httpRefusals.tooManyRequests.code]: 'current',
  [authRefusals.weakPassword.code]: 'next',
};

/**
 * The signed-in person's new password: the current one proves it is them (the server then signs out
 * every other device). Each refusal is said once, under its field; only a failure nobody can act on
 * gets the toast.
 */
export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const currentInput = useRef<HTMLInputElement>(null);
  const nextInput = useRef<HTMLInputElement>(null);
  const confirmationInput = useRef<HTMLInputElement>(null);

  const set = (field: Field) => (value: string) => setValues((was) => ({ ...was, [field]: value }));

  const show = (found: Problems) => {
    setProblems(found);
    // Focus goes to the first field with a problem, whose sentence is its description.
    const inputs = { current: currentInput, next: nextInput, confirmation: confirmationInput };
    const first = (['current', 'next', 'confirmation'] as const).find((field) => found[field]);
    if (first) inputs[first].current?.focus();
    return Boolean(first);
  };

  const checked = async (): Promise<Problems> => {
    const found: Problems = {};
    if (!values.current) found.current = 'Please enter your current password';
    const weak = values.next ? await newPasswordProblem(values.next) : 'Please enter a new password';
    if (weak) found.next = weak;
    if (values.next && values.confirmation !== values.next) found.confirmation = 'Passwords do not match';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (show(await checked())) return;
    try {
      await changePassword({ current_password: values.current, new_password: values.next }).unwrap();
      setValues(EMPTY);
      toast.success('Password changed');
    } catch (failure) {
      const code = (failure as { data?: { error?: unknown } }).data?.error;
      const field = typeof code === 'string' ? FIELD_OF_REFUSAL[code] : undefined;
      const sentence = serverMessage(failure, 400, 429);
      if (field && sentence) show({ [field]: sentence });
      else if (sentence) show({ next: sentence });
      else toast.error('Failed to change password. Please try again.');
    }
  };

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-labelledby="password-heading">
      <Typography id="password-heading" variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
        Change password
      </Typography>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        value={values.current}
        onChange={set('current')}
        inputRef={currentInput}
        error={Boolean(problems.current)}
        helperText={problems.current}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        value={values.next}
        onChange={set('next')}
        inputRef={nextInput}
        error={Boolean(problems.next)}
        helperText={problems.next || PASSWORD_RULES}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        required
        value={values.confirmation}
        onChange={set('confirmation')}
        inputRef={confirmationInput}
        error={Boolean(problems.confirmation)}
        helperText={problems.confirmation}
      />
      <div>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {isLoading ? 'Changing...' : 'Change password'}
        </Button>
      </div>
    </Stack>
  );
}
