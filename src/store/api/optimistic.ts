/**
 * How a change shows before the server answers (one style for every switch and form): the caller has
 * already patched the cached answer (`patch`); the server's answer then replaces it (`settle`), and a
 * failure puts back what was there. Meant for an endpoint's onQueryStarted.
 */
export async function settleOptimistic<T>(
  patch: { undo: () => void },
  queryFulfilled: Promise<{ data: T }>,
  settle: (answer: T) => void,
) {
  try {
    settle((await queryFulfilled).data);
  } catch {
    patch.undo();
  }
}
