import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import { paths } from '@/config/paths';

/** The confirmation after a reset request; it says the same whether or not the email has an account. */
export function CheckEmail({ email }: { email: string }) {
  return (
    <AuthLayout title="Check your email">
      <Typography sx={{ mb: 1 }}>
        If an account exists for <strong>{email}</strong>, we have sent it a link to reset your password.
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        The link works once and expires after an hour. Check your spam folder if it does not arrive.
      </Typography>
      <Button component={RouterLink} to={paths.login} variant="contained" fullWidth>
        Back to sign in
      </Button>
    </AuthLayout>
  );
}
