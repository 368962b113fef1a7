import { destinationProblem } from '@rules/destinations';
import { useRef, useState } from 'react';
import { digitsOnly, formatForwardingInput, forwardingToE164 } from '@/lib/phone';
import { showFieldProblem } from '@/lib/showFieldProblem';

/**
 * The forwarding field's text, prefilled from a stored number, and its check before it is saved;
 * `problem` is why the number is missing, incomplete or refused by the destination policy, shown under
 * the field, which then takes focus (`fieldRef` is the field's input).
 */
export function useForwardingInput(stored: string) {
  const [value, setText] = useState(() => formatForwardingInput(stored));
  const [problem, setProblem] = useState('');
  const fieldRef = useRef<HTMLInputElement>(null);
  const refuse = (why: string) => showFieldProblem(setProblem, why, fieldRef);
  const setValue = (text: string) => {
    setText(text);
    setProblem('');
  };
  const validate = () => {
    if (!value) return void refuse('Please enter a forwarding number');
    // A partial number would only fail later, when the business number is configured.
    if (digitsOnly(value).length < 10) return void refuse('Please enter a complete 10-digit phone number');
    const refused = destinationProblem(forwardingToE164(value));
    if (refused) return void refuse(refused);
    return value;
  };
  return { value, setValue, validate, problem, fieldRef };
}
