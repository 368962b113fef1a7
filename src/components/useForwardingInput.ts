import { destinationProblem } from '@rules/destinations';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { digitsOnly, formatForwardingInput, forwardingToE164 } from '@/lib/phone';

/**
 * The forwarding field's text, prefilled from a stored number, and its check before it is saved;
 * `problem` is why the destination policy refuses the number, shown under the field.
 */
export function useForwardingInput(stored: string) {
  const [value, setText] = useState(() => formatForwardingInput(stored));
  const [problem, setProblem] = useState('');
  const setValue = (text: string) => {
    setText(text);
    setProblem('');
  };
  const validate = () => {
    if (!value) return void toast.error('Please enter a forwarding number');
    // A partial number would only fail later, when the business number is configured.
    if (digitsOnly(value).length < 10)
      return void toast.error('Please enter a complete 10-digit phone number');
    const refused = destinationProblem(forwardingToE164(value));
    if (refused) return void setProblem(refused);
    return value;
  };
  return { value, setValue, validate, problem };
}
