import { useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

const noSubscription = () => () => {};

/**
 * False in the build's prerender and while the browser hydrates it, true once React runs the page.
 * A prerendered form's submit button waits for it: submitted natively before that, a form would put
 * what was typed (a password) in the address bar.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * Keeps what was typed into a prerendered field before React ran the page. Hydration leaves the text
 * in the field, but the field's state is still empty, so the next render would wipe it; `adopt` takes
 * it into the state once, as the page comes alive.
 */
export function useTypedBeforeHydration(
  field: RefObject<HTMLInputElement | null>,
  adopt: (typed: string) => void,
) {
  const adoptOnce = useRef(adopt);
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed) adoptOnce.current(typed);
  }, [field]);
}
