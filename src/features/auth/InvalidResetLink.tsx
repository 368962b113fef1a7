import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';

export function InvalidResetLink() {
  return (
    <AuthLayout title="Invalid Reset Link">
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        This password reset link is missing its token. Request a new link and use the one in the email we send
        you.
      </Typography>
      <Button component={RouterLink} to="/forgot-password" variant="contained" fullWidth>
        Request a new link
      </Button>
    </AuthLayout>
  );
}
