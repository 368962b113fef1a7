import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';

// The account forms' email and password fields. Browsers' autofill and password managers know them
// by type and autoComplete, so each form says them the same way; onChange hands back the typed value.
type Props = Omit<TextFieldProps, 'onChange'> & { value: string; onChange: (value: string) => void };

function ValueField({ onChange, ...props }: Props) {
  return <TextField {...props} onChange={(event) => onChange(event.target.value)} />;
}

export function EmailField(props: Props) {
  return <ValueField label="Email" type="email" autoComplete="email" {...props} />;
}

/**
 * A password the account has; pass autoComplete="new-password" where one is chosen. A toggle shows
 * what was typed (a pressed button, named for what it does).
 */
export function PasswordField(props: Props) {
  const [shown, setShown] = useState(false);
  const toggle = (
    <InputAdornment position="end">
      <IconButton
        aria-label="Show password"
        aria-pressed={shown}
        onClick={() => setShown((was) => !was)}
        edge="end"
        disabled={props.disabled}
      >
        {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <ValueField
      label="Password"
      autoComplete="current-password"
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{ input: { endAdornment: toggle } }}
    />
  );
}
