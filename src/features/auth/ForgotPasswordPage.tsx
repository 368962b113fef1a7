import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link as RouterLink } from 'react-router-dom';
import { serverMessage } from '@/lib/apiError';
import { useFocusHeadingOnChange } from '@/lib/useFocusHeadingOnChange';
import { useRequestPasswordResetMutation } from '@/store/api/auth';
import { EmailField } from '@/components/CredentialFields';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { CheckEmail } from './CheckEmail';
import { paths } from '@/config/paths';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  // The form's button goes with the form: focus moves to "Check your email".
  const viewRef = useFocusHeadingOnChange<HTMLDivElement>(sentTo ? 'sent' : 'form');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setError('Please enter your email address');
      return;
    }
    setError('');
    try {
      await requestReset({ email: address }).unwrap();
      toast.success('Reset instructions sent to your email');
      setSentTo(address);
    } catch (failure) {
      // A malformed address is said in the form, once; other failures get the spec's toast.
      const reason = serverMessage(failure, 400);
      if (reason) setError(reason);
      else toast.error(serverMessage(failure, 429) ?? 'Failed to send reset instructions. Please try again.');
    }
  };

  return (
    <div ref={viewRef}>
      {sentTo ? (
        <CheckEmail email={sentTo} />
      ) : (
        <AuthLayout
          title="Forgot your password?"
          subtitle="Enter the email you signed up with and we will send you a link to set a new password."
        >
          <AuthForm
            onSubmit={submit}
            error={error}
            busy={isLoading}
            submitLabel="Send reset instructions"
            busyLabel="Sending..."
            footer={
              <Typography variant="body2" sx={{ textAlign: 'center' }}>
                <Link component={RouterLink} to={paths.login}>
                  Back to sign in
                </Link>
              </Typography>
            }
          >
            <EmailField required value={email} onChange={setEmail} />
          </AuthForm>
        </AuthLayout>
      )}
    </div>
  );
}
