import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { PasswordField } from '@/components/CredentialFields';
import { serverMessage } from '@/lib/apiError';
import { FormError } from '@/components/FormError';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { legalTextLink } from '@/config/paths';
import { useEndSession } from '@/hooks/useSignOut';
import { useDeleteAccountMutation } from '@/store/api/account';
import { accountRefusals } from '@contract/refusals/account';

/** Asks for the password, deletes the account, then signs out to the landing page. */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const endSession = useEndSession();

  const close = () => {
    setPassword('');
    setError('');
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Please enter your password');
    try {
      await deleteAccount({ password }).unwrap();
      endSession('/');
      toast.success('Your account has been deleted');
    } catch (failure) {
      // Too many wrong passwords (429): the server says how long to wait.
      const wait = serverMessage(failure, 429);
      if ((failure as { status?: unknown }).status === accountRefusals.wrongPassword.status)
        setError(accountRefusals.wrongPassword.message);
      else if (wait) setError(wait);
      else toast.error('Failed to delete account. Please try again.');
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="delete-account-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Your subscription ends now, your business number is given back and your call history and account
            are deleted. Extra minutes beyond your plan that you have already used are charged to your card
            first, as when any paid subscription ends (never during the free trial). This cannot be undone.
            What we keep is in our{' '}
            <Link component={RouterLink} to={legalTextLink('privacy', true)} underline="always">
              privacy policy
            </Link>
            .
          </DialogContentText>
          <FormError message={error} />
          <PasswordField required fullWidth autoFocus value={password} onChange={setPassword} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={isLoading}>
            {isLoading ? 'Deleting...' : 'Delete my account'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
