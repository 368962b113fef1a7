import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PASSWORD_RULES } from '@rules/passwords';
import { serverMessage } from '@/lib/apiError';
import { newPasswordProblem } from '@/lib/newPasswordProblem';
import { useResetPasswordMutation } from '@/store/api/auth';
import { PasswordField } from '@/components/CredentialFields';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { InvalidResetLink } from './InvalidResetLink';
import { paths } from '@/config/paths';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  // Read once and kept in memory: the address bar drops it at once, so browser history, a later
  // Referer or a page view never carry it.
  const [token] = useState(() => params.get('token'));
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState('');
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!params.has('token')) return;
    const rest = new URLSearchParams(params);
    rest.delete('token');
    void navigate({ search: rest.toString() }, { replace: true });
  }, [params, navigate]);

  // No token parameter at all: the link was not one of ours, so there is nothing to fill in.
  if (token === null) return <InvalidResetLink />;

  const validationError = () => {
    if (!password || !confirmation) return 'Please fill in all fields';
    if (password !== confirmation) return 'Passwords do not match';
    if (!token.trim()) return 'Invalid reset token';
    return '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = validationError() || (await newPasswordProblem(password));
    setError(message);
    if (message) return;
    try {
      await resetPassword({ token, password }).unwrap();
      toast.success('Password reset successful!');
      void navigate(paths.login);
    } catch (failure) {
      // An expired or used link, or a password the server refuses: the user can act on its sentence.
      setError(serverMessage(failure, 400, 429) ?? '');
      toast.error('Failed to reset password. Please try again.');
    }
  };

  return (
    <AuthLayout title="Set a new password" subtitle="Choose a new password for your account.">
      <AuthForm
        onSubmit={submit}
        error={error}
        busy={isLoading}
        submitLabel="Reset password"
        busyLabel="Resetting..."
      >
        <PasswordField
          label="New password"
          autoComplete="new-password"
          helperText={PASSWORD_RULES}
          required
          value={password}
          onChange={setPassword}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={setConfirmation}
        />
      </AuthForm>
    </AuthLayout>
  );
}
