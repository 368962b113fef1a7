import { readFileSync } from 'node:fs';
import v8 from 'node:v8';

// Where the bench server's memory is at the moment its RSS peaks: V8's heap (total, used), what V8
// counts outside it, and the kernel's split of the RSS (anonymous pages: heaps and malloc arenas;
// file pages: the binary, libraries).
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function young(): string {
  const spaces = v8.getHeapSpaceStatistics();
  const size = (name: string) => spaces.find((s) => s.space_name === name)?.space_size ?? 0;
  return `young generation ${mb(size('new_space') + size('new_large_object_space'))}, old ${mb(size('old_space'))}`;
}

function rollup(): string {
  const text = readFileSync('/proc/self/smaps_rollup', 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  return `anonymous ${mb(kb('Anonymous') * 1024)}, file-backed ${mb((kb('Rss') - kb('Anonymous')) * 1024)}`;
}

export function peakSampler(intervalMs = 200) {
  let best = { usage: process.memoryUsage(), rollup: rollup(), spaces: young() };
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    if (usage.rss > best.usage.rss) best = { usage, rollup: rollup(), spaces: young() };
  }, intervalMs);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    describe: () => {
      const u = best.usage;
      return (
        `RSS ${mb(u.rss)} (${best.rollup}), V8 heap ${mb(u.heapTotal)} (${mb(u.heapUsed)} used; ${best.spaces}), ` +
        `external ${mb(u.external)} (array buffers ${mb(u.arrayBuffers)})`
      );
    },
  };
}
