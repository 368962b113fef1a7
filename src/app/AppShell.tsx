import { useEffect } from 'react';

/**
 * index.html paints the landing page's first screen over the app before the JS arrives; it goes once
 * the first page has rendered beneath it (so the swap moves nothing: the shell is an overlay).
 */
export function RemoveAppShell() {
  useEffect(() => document.getElementById('app-shell')?.remove(), []);
  return null;
}
