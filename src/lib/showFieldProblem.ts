import type { RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * Shows why a submitted field is refused and, when it is, moves focus from the submit button to the field:
 * a screen reader then reads the field with its problem (MUI's helper text, linked by aria-describedby).
 * The problem is committed first, so the field already carries it when it takes focus.
 */
export function showFieldProblem(
  setProblem: (problem: string) => void,
  problem: string,
  field: RefObject<HTMLElement | null>,
) {
  flushSync(() => setProblem(problem));
  if (problem) field.current?.focus();
}
