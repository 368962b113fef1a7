// The memory a node is given, and the node flags that keep its heap inside it (docs/operations.md "Memory").
// Without a limit V8 sizes its heap from the machine's memory, so on a large host the server's RSS grows
// with throughput far past what a small container holds.

// 512: on a quiet machine its limits (256 MB old space, 8 MB semi-space) served as many requests a second
// as V8's own sizes at 178–186 MB peak RSS; 256's (4 MB semi-space) cost 5–25 % more CPU per request.
export const DEFAULT_BUDGET_MB = 512;
// What the server's heap still holds after a full collection under `npm run bench:load` (~50 MB): the
// old space never gets less than twice that, so a burst makes V8 collect rather than run out of heap.
const LIVE_HEAP_MB = 50;
export const MIN_OLD_SPACE_MB = 2 * LIVE_HEAP_MB;
// An unlimited cgroup reads as "max" (v2) or as a number near 2^63 (v1).
const UNLIMITED_BYTES = 2 ** 50;

export interface Budget {
  mb: number;
  from: string;
}

/**
 * MEMORY_LIMIT_MB when set (an operator's word wins), else the container's cgroup limit (v2, then v1),
 * else DEFAULT_BUDGET_MB. `read` returns a file's text, or undefined when it is absent.
 */
export function memoryBudget(
  env: Record<string, string | undefined>,
  read: (file: string) => string | undefined,
): Budget {
  const given = env.MEMORY_LIMIT_MB?.trim();
  if (given) {
    if (!/^\d+$/.test(given) || Number(given) === 0) {
      throw new Error(`MEMORY_LIMIT_MB must be a whole number of megabytes, not "${given}"`);
    }
    return { mb: Number(given), from: 'MEMORY_LIMIT_MB' };
  }
  for (const file of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    const bytes = Number(read(file)?.trim());
    if (Number.isSafeInteger(bytes) && bytes > 0 && bytes < UNLIMITED_BYTES) {
      return { mb: Math.floor(bytes / 2 ** 20), from: file };
    }
  }
  return { mb: DEFAULT_BUDGET_MB, from: 'the default' };
}

/**
 * V8's heap limits for a budget: half of it for the old space (at least MIN_OLD_SPACE_MB), a semi-space of
 * 1/64 of it as a power of two from 1 to 16 MB (V8's own ceiling; the young generation is three of them),
 * and the rest for what lies outside V8's heap (node's code and libraries, native memory).
 */
export function heapFlags(budgetMb: number): string[] {
  const oldSpaceMb = Math.max(MIN_OLD_SPACE_MB, Math.floor(budgetMb / 2));
  const semiSpaceMb = Math.min(16, Math.max(1, 2 ** Math.floor(Math.log2(budgetMb / 64))));
  return [`--max-old-space-size=${oldSpaceMb}`, `--max-semi-space-size=${semiSpaceMb}`];
}
