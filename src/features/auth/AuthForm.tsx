import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { FormEvent, ReactNode } from 'react';
import { FormError } from '@/components/FormError';

interface Props {
  onSubmit: (event: FormEvent) => void;
  /** The validation message, shown above the fields. */
  error: string;
  /** While the request runs: the button is disabled and says busyLabel. */
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Disables the button besides `busy`. */
  disabled?: boolean;
  children: ReactNode;
  /** What follows the button, e.g. a link to another account page. */
  footer?: ReactNode;
}

/** The form of a signed-out account page: its message, its fields, then its submit button. */
export function AuthForm({
  onSubmit,
  error,
  busy,
  submitLabel,
  busyLabel,
  disabled,
  children,
  footer,
}: Props) {
  return (
    <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'grid', gap: 2 }}>
      <FormError message={error} />
      {children}
      <Button type="submit" variant="contained" size="large" disabled={busy || disabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
      {footer}
    </Box>
  );
}
