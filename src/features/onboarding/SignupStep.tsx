import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { PASSWORD_RULES } from '@rules/passwords';
import { TRIAL_DAYS } from '@rules/plan';
import { EmailField, PasswordField } from '@/components/CredentialFields';
import { FormError } from '@/components/FormError';
import { useSignup } from './useSignup';
import { StepBackLink } from './StepBackLink';
import { TermsCheckbox } from './TermsCheckbox';

/** Step 3 ("signup"): create the account, then on to checkout for the free trial. */
export function SignupStep() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const { signUp, isBusy, error } = useSignup();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signUp({ name: name.trim(), email: email.trim(), password, acceptTerms });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Typography variant="h2" component="h1" tabIndex={-1} gutterBottom sx={{ outline: 'none' }}>
        Create your account
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Start your {TRIAL_DAYS}-day free trial. You can cancel any time.
      </Typography>
      <FormError message={error} />
      <Stack spacing={2}>
        <TextField
          label="Full name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="name"
          disabled={isBusy}
        />
        <EmailField value={email} onChange={setEmail} disabled={isBusy} />
        <PasswordField
          autoComplete="new-password"
          helperText={PASSWORD_RULES}
          value={password}
          onChange={setPassword}
          disabled={isBusy}
        />
        <TermsCheckbox checked={acceptTerms} onChange={setAcceptTerms} disabled={isBusy} />
      </Stack>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={isBusy} sx={{ mt: 3 }}>
        {isBusy ? 'Creating Account...' : 'Start Free Trial'}
      </Button>
      <StepBackLink />
    </Box>
  );
}
