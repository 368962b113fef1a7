import { useEffect, useRef } from 'react';

/**
 * Moves keyboard and screen-reader focus to the new step's heading when the step changes (not on the first
 * render), since the control that changed the step is gone with the old step.
 */
export function useFocusOnStepChange<T extends HTMLElement>(step: string) {
  const containerRef = useRef<T>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    containerRef.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [step]);
  return containerRef;
}
