import TextField from '@mui/material/TextField';
import { formatForwardingInput } from '@/lib/phone';

interface Props {
  value: string;
  onChange: (formatted: string) => void;
  disabled?: boolean;
  /** Why the number is refused, shown in place of the hint. */
  error?: string;
}

/**
 * The phone that calls are forwarded to, masked as (555) 555-5555 while typing
 * (docs/product.md, "Numbers").
 */
export function ForwardingNumberField({ value, onChange, disabled = false, error = '' }: Props) {
  return (
    <TextField
      label="Forwarding number"
      value={value}
      onChange={(event) => onChange(formatForwardingInput(event.target.value))}
      placeholder="(555) 555-5555"
      type="tel"
      autoComplete="tel-national"
      disabled={disabled}
      error={Boolean(error)}
      helperText={error || 'Calls to your business number will ring this phone.'}
      slotProps={{ htmlInput: { maxLength: 14, inputMode: 'tel' } }}
    />
  );
}
