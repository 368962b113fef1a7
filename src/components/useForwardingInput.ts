import { destinationProblem } from '@rules/destinations';
import { useState } from 'react';
import { digitsOnly, formatForwardingInput, forwardingToE164 } from '@/lib/phone';

/**
 * The forwarding field's text, prefilled from a stored number, and its check before it is saved;
 * `problem` is why the number is missing, incomplete or refused by the destination policy, shown under
 * the field.
 */
export function useForwardingInput(stored: string) {
  const [value, setText] = useState(() => formatForwardingInput(stored));
  const [problem, setProblem] = useState('');
  const setValue = (text: string) => {
    setText(text);
    setProblem('');
  };
  const validate = () => {
    if (!value) return void setProblem('Please enter a forwarding number');
    // A partial number would only fail later, when the business number is configured.
    if (digitsOnly(value).length < 10)
      return void setProblem('Please enter a complete 10-digit phone number');
    const refused = destinationProblem(forwardingToE164(value));
    if (refused) return void setProblem(refused);
    return value;
  };
  return { value, setValue, validate, problem };
}
