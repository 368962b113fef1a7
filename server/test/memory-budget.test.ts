import { spawnSync } from 'node:child_process';
import { DEFAULT_BUDGET_MB, heapFlags, memoryBudget } from '../src/memory/budget';

// The node flags serve.sh starts the server with: the memory it is given, and V8's heap limits from it.

const files =
  (contents: Record<string, string>) =>
  (file: string): string | undefined =>
    contents[file];
const V2 = '/sys/fs/cgroup/memory.max';
const V1 = '/sys/fs/cgroup/memory/memory.limit_in_bytes';

it("takes MEMORY_LIMIT_MB first, then the container's cgroup limit, then 512 MB", () => {
  const limited = files({ [V2]: `${512 * 2 ** 20}\n` });
  expect(memoryBudget({ MEMORY_LIMIT_MB: '384' }, limited)).toEqual({ mb: 384, from: 'MEMORY_LIMIT_MB' });
  expect(memoryBudget({}, limited)).toEqual({ mb: 512, from: V2 });
  expect(memoryBudget({}, files({ [V1]: `${300 * 2 ** 20}\n` }))).toEqual({ mb: 300, from: V1 });
  expect(memoryBudget({}, files({}))).toEqual({ mb: DEFAULT_BUDGET_MB, from: 'the default' });
  expect(DEFAULT_BUDGET_MB).toBe(512);
});

it('reads an unlimited cgroup (v2 "max", v1 a number near 2^63) as no limit', () => {
  const unlimited = files({ [V2]: 'max\n', [V1]: '9223372036854771712\n' });
  expect(memoryBudget({}, unlimited)).toEqual({ mb: DEFAULT_BUDGET_MB, from: 'the default' });
});

it('refuses a MEMORY_LIMIT_MB that is not a whole number of megabytes', () => {
  for (const value of ['256MB', '0', '-1', '1.5']) {
    expect(() => memoryBudget({ MEMORY_LIMIT_MB: value }, files({}))).toThrow(
      `MEMORY_LIMIT_MB must be a whole number of megabytes, not "${value}"`,
    );
  }
});

const limits = (budgetMb: number) => {
  const flag = (name: string) =>
    Number(
      heapFlags(budgetMb)
        .find((f) => f.startsWith(`--${name}=`))
        ?.split('=')[1],
    );
  return { oldMb: flag('max-old-space-size'), semiMb: flag('max-semi-space-size') };
};

it('gives the old space half the budget and a young generation of 3/64 of it, 16 MB semi-spaces at most', () => {
  expect(limits(256)).toEqual({ oldMb: 128, semiMb: 4 });
  expect(limits(512)).toEqual({ oldMb: 256, semiMb: 8 });
  expect(limits(4096)).toEqual({ oldMb: 2048, semiMb: 16 });
});

it("leaves at least 100 MB outside V8's heap (code, libraries, native memory) from 256 MB up", () => {
  for (let budgetMb = 256; budgetMb <= 65_536; budgetMb += 64) {
    const { oldMb, semiMb } = limits(budgetMb);
    expect(budgetMb - oldMb - 3 * semiMb).toBeGreaterThanOrEqual(100);
  }
});

it('never gives the old space less than twice the live heap (~50 MB), however small the budget', () => {
  for (const budgetMb of [64, 128, 192]) expect(limits(budgetMb).oldMb).toBeGreaterThanOrEqual(100);
});

// A burst under the tightest limits a budget gets (the 100 MB old-space floor): 60 MB kept live (the server keeps ~50 MB) while request-sized
// garbage passes through 50 requests in flight. V8 collects; the process ends normally. (Arrays of
// numbers: a repeated string would be a rope of a few bytes.)
const burst = `
  const live = Array.from({ length: 60 }, (_, i) => new Array(2 ** 17 - 4).fill(i + 0.5));
  const inFlight = [];
  for (let i = 0; i < 2000; i++) {
    inFlight[i % 50] = Array.from({ length: 1000 }, (_, j) => ({ id: i, j, name: 'call ' + j }));
  }
  console.log(live.length + inFlight.length);
`;
const runBurst = (flags: string[]) =>
  spawnSync(process.execPath, [...flags, '-e', burst], { encoding: 'utf8' });

it('survives a burst near the limit with the smallest old space, where one near the live heap runs out', () => {
  const ok = runBurst(heapFlags(192));
  expect(heapFlags(192)).toEqual(['--max-old-space-size=100', '--max-semi-space-size=2']);
  expect(ok.stderr).toBe('');
  expect(ok.stdout.trim()).toBe('110');
  expect(ok.status).toBe(0);
  const tight = runBurst(['--max-old-space-size=64', '--max-semi-space-size=1']);
  expect(tight.stderr).toContain('JavaScript heap out of memory');
  expect(tight.status).not.toBe(0);
}, 120_000);
