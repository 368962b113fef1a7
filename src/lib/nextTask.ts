/**
 * Resolves in a later task: the work before it ends one task and the work after it starts another,
 * so the browser can paint and answer input between them instead of blocking for both at once.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
