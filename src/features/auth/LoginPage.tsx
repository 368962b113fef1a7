import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { serverMessage, statusOf } from '@/lib/apiError';
import { useHydrated, useTypedBeforeHydration } from '@/lib/useHydrated';
import { useLoginMutation } from '@/store/api/auth';
import { EmailField, PasswordField } from '@/components/CredentialFields';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { paths } from '@/config/paths';

export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(emailField, setEmail);
  useTypedBeforeHydration(passwordField, setPassword);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Please fill in all fields');
      return;
    }
    setError('');
    try {
      // The auth slice stores the tokens on success, which switches the app to the signed-in routes.
      await login({ email: email.trim(), password }).unwrap();
      toast.success('Login successful!');
      void navigate(paths.dashboard, { replace: true });
    } catch (failure) {
      // 429: too many attempts; the server says what to do (or, for a locked account, the same
      // sentence as a wrong password).
      toast.error(
        statusOf(failure) === 401
          ? 'Invalid email or password'
          : (serverMessage(failure, 429) ?? 'An error occurred during login. Please try again.'),
      );
    }
  };

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to manage your business number.">
      <AuthForm
        onSubmit={submit}
        error={error}
        busy={isLoading}
        disabled={!hydrated}
        submitLabel="Sign in"
        busyLabel="Signing in..."
        footer={
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Don&apos;t have an account?{' '}
            <Link component={RouterLink} to="/signup" underline="always">
              Sign up
            </Link>
          </Typography>
        }
      >
        <EmailField required value={email} inputRef={emailField} onChange={setEmail} />
        <PasswordField required value={password} inputRef={passwordField} onChange={setPassword} />
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}
        >
          {/* "Remember me" has no effect; the session lasts as long as its tokens either way. */}
          <FormControlLabel control={<Checkbox />} label="Remember me" />
          <Link component={RouterLink} to="/forgot-password">
            Forgot password?
          </Link>
        </Box>
      </AuthForm>
    </AuthLayout>
  );
}
