import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { serverMessage, statusOf } from '@/lib/apiError';
import { useHydrated, useTypedBeforeHydration } from '@/lib/useHydrated';
import { useLoginMutation } from '@/store/api/auth';
import { FormError } from '@/components/FormError';
import { AuthLayout } from './AuthLayout';

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
      void navigate('/dashboard', { replace: true });
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
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        <FormError message={error} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          inputRef={emailField}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          inputRef={passwordField}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}
        >
          {/* "Remember me" has no effect; the session lasts as long as its tokens either way. */}
          <FormControlLabel control={<Checkbox />} label="Remember me" />
          <Link component={RouterLink} to="/forgot-password">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={isLoading || !hydrated}>
          {isLoading ? 'Signing in...' : 'Sign in'}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/signup" underline="always">
            Sign up
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}
