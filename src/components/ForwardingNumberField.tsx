import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { formatForwardingInput } from '@/lib/phone';

interface Props {
  value: string;
  onChange: (formatted: string) => void;
  /** What the field is for, shown under it until there is a problem. */
  hint: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The input, e.g. to move focus to it when it is refused. */
  inputRef?: Ref<HTMLInputElement>;
  /** Why the number is refused, shown in place of the hint. */
  error?: string;
}

// "(ddd) ddd-dddd": the field's maximum and the only complete form (docs/product.md, "Numbers").
export const FORWARDING_NUMBER_LENGTH = 14;

/** The phone that calls are forwarded to, masked as (555) 555-5555 while typing. */
export function ForwardingNumberField({
  value,
  onChange,
  hint,
  disabled = false,
  autoFocus = false,
  inputRef,
  error = '',
}: Props) {
  return (
    <TextField
      label="Forwarding number"
      value={value}
      onChange={(event) => onChange(formatForwardingInput(event.target.value))}
      placeholder="(555) 555-5555"
      type="tel"
      autoComplete="tel-national"
      disabled={disabled}
      autoFocus={autoFocus}
      inputRef={inputRef}
      error={Boolean(error)}
      helperText={error || hint}
      // No maxLength: it would cut a pasted "+1 (512) 555-0199" before the formatter drops the +1; the
      // formatter keeps the text to FORWARDING_NUMBER_LENGTH.
      slotProps={{ htmlInput: { inputMode: 'tel' } }}
    />
  );
}
