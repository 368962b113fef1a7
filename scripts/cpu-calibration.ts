// One emulated phone on every host. Lighthouse's mobile preset slows the CPU by a constant 4x, which
// "moves a typical run in the high-end desktop bracket [benchmark index 1500-2000] somewhere into the
// mid-tier mobile bracket [125-800]" (Lighthouse, docs/throttling.md, "Calibrating the CPU slowdown",
// which recommends calibrating on other hosts). Our hosts measure 960-2,900, so the fixed 4x emulated
// phones from 240 to 720. The bench instead measures the host's index (Lighthouse's own benchmark,
// core/lib/page-functions.js computeBenchmarkIndex) right before each run and slows it to the index the
// preset aims at: the middle of the high-end desktop bracket slowed 4x.

export const DESKTOP_BRACKET_MIDDLE = 1750;
export const PRESET_SLOWDOWN = 4;
/** The emulated phone's benchmark index: ~440, inside Lighthouse's mid-tier mobile bracket. */
export const TARGET_BENCHMARK_INDEX = DESKTOP_BRACKET_MIDDLE / PRESET_SLOWDOWN;
// A host slower than the target phone cannot be sped up; past 10x a host is too fast to emulate well.
const MIN_SLOWDOWN = 1;
const MAX_SLOWDOWN = 10;

/** The CPU slowdown that makes a host of `hostIndex` emulate the target phone (two decimals). */
export function slowdownFor(hostIndex: number): number {
  if (!Number.isFinite(hostIndex) || hostIndex <= 0) return PRESET_SLOWDOWN;
  const slowdown = Math.min(MAX_SLOWDOWN, Math.max(MIN_SLOWDOWN, hostIndex / TARGET_BENCHMARK_INDEX));
  return Math.round(slowdown * 100) / 100;
}

/** The index a host with `hostIndex` emulates under `slowdown`. */
export const emulatedIndex = (hostIndex: number, slowdown: number) => Math.round(hostIndex / slowdown);
