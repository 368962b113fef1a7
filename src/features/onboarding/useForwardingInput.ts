import { useState } from 'react';
import toast from 'react-hot-toast';
import { digitsOnly, formatForwardingInput } from '@/lib/phone';

/** The forwarding field's text, prefilled from a stored number, and its check before it is saved. */
export function useForwardingInput(stored: string) {
  const [value, setValue] = useState(() => formatForwardingInput(stored));
  const validate = () => {
    if (!value) return void toast.error('Please enter a forwarding number');
    // A partial number would only fail later, when the business number is configured.
    if (digitsOnly(value).length < 10)
      return void toast.error('Please enter a complete 10-digit phone number');
    return value;
  };
  return { value, setValue, validate };
}
