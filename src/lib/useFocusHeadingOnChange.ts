import { useEffect, useRef } from 'react';

const isField = (element: Element | null) =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement;

/**
 * Moves keyboard and screen-reader focus to the container's h1 (which needs tabIndex={-1}) when `key`
 * changes: a new page, a new onboarding step. The control that made the change is gone with what it was
 * on, and the heading tells a screen reader where it now is.
 * - Not on the first load: until a first heading has shown (a prerendered page, or the page a redirect on
 *   load leads to), focus is the browser's.
 * - A heading that arrives after the change (a lazy page, or one waiting for its data) is waited for.
 * - A field the new content focuses itself (autoFocus) keeps focus.
 */
export function useFocusHeadingOnChange<T extends HTMLElement>(key: string) {
  const containerRef = useRef<T>(null);
  // The key whose heading was last shown; null until one has.
  const shownKey = useRef<string | null>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const headingShown = () => {
      const heading = container.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      const changed = shownKey.current !== null && shownKey.current !== key;
      shownKey.current = key;
      const active = document.activeElement;
      if (changed && !(isField(active) && container.contains(active))) heading.focus();
      return true;
    };
    if (headingShown()) return;
    const observer = new MutationObserver(() => {
      if (headingShown()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [key]);
  return containerRef;
}
