import TextField, { type TextFieldProps } from '@mui/material/TextField';

// The account forms' email and password fields. Browsers' autofill and password managers know them
// by type and autoComplete, so each form says them the same way; onChange hands back the typed value.
type Props = Omit<TextFieldProps, 'onChange'> & { value: string; onChange: (value: string) => void };

function ValueField({ onChange, ...props }: Props) {
  return <TextField {...props} onChange={(event) => onChange(event.target.value)} />;
}

export function EmailField(props: Props) {
  return <ValueField label="Email" type="email" autoComplete="email" {...props} />;
}

/** A password the account has; pass autoComplete="new-password" where one is chosen. */
export function PasswordField(props: Props) {
  return <ValueField label="Password" type="password" autoComplete="current-password" {...props} />;
}
