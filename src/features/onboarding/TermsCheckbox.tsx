import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

interface Props {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}

/** Acceptance of the terms of service and privacy policy, both linked. */
export function TermsCheckbox({ checked, onChange, disabled }: Props) {
  return (
    <FormControlLabel
      disabled={disabled}
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={
        <>
          I agree to the{' '}
          <Link component={RouterLink} to="/terms" target="_blank">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link component={RouterLink} to="/privacy" target="_blank">
            Privacy Policy
          </Link>
        </>
      }
    />
  );
}
