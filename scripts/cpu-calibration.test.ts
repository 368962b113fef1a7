import { emulatedIndex, PRESET_SLOWDOWN, slowdownFor, TARGET_BENCHMARK_INDEX } from './cpu-calibration';

describe("bench:web's CPU calibration", () => {
  it("keeps Lighthouse's 4x on the host its preset assumes: the middle of the high-end desktop bracket", () => {
    expect(TARGET_BENCHMARK_INDEX).toBe(437.5);
    expect(slowdownFor(1750)).toBe(4);
  });

  it.each([
    [960, 2.19],
    [1820, 4.16],
    [2888, 6.6],
  ])('slows a host of index %p by %px, so it emulates the same phone', (host, slowdown) => {
    expect(slowdownFor(host)).toBe(slowdown);
    expect(Math.abs(emulatedIndex(host, slowdown) - TARGET_BENCHMARK_INDEX)).toBeLessThan(1);
  });

  it('never speeds a host up, nor slows it past 10x, and falls back to the preset without a measure', () => {
    expect(slowdownFor(300)).toBe(1);
    expect(slowdownFor(9000)).toBe(10);
    expect(slowdownFor(NaN)).toBe(PRESET_SLOWDOWN);
    expect(slowdownFor(0)).toBe(PRESET_SLOWDOWN);
  });
});
