import type { Measured, Target } from './measure';
import { report } from './report';

const targets: Target[] = [
  { name: 'health', path: '/api/health' },
  { name: 'one query', path: '/api/one' },
  { name: 'page 1', path: '/api/page', goal: { percent: 70, p99: 5 } },
];

// One round: the one-query route at 10,000 req/s, page 1 at `rps` with `p99` ms.
const round = (rps: number, p99 = 2): Measured[] =>
  [
    ['health', 20_000],
    ['one query', 10_000],
    ['page 1', rps],
  ].map(([name, requestsPerSecond]) => ({
    name: name as string,
    requestsPerSecond: requestsPerSecond as number,
    p99Ms: name === 'page 1' ? p99 : 1,
    failures: 0,
    serverUs: null,
    postgresUs: null,
  }));

describe("bench:api's verdict", () => {
  beforeEach(() => jest.spyOn(console, 'log').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('is met when the route keeps its ratio to the one-query route and its p99', () => {
    expect(report('Postgres', targets, [round(7_000), round(7_500), round(7_200)])).toBe(true);
  });

  it('is missed by a ratio under the target', () => {
    expect(report('Postgres', targets, [round(6_800), round(6_900), round(6_950)])).toBe(false);
  });

  it('is missed by a p99 over the target', () => {
    expect(report('Postgres', targets, [round(8_000, 6), round(8_000, 7), round(8_000, 6)])).toBe(false);
  });

  it('takes the median of the rounds, so one disturbed round does not decide', () => {
    expect(report('Postgres', targets, [round(7_100), round(2_000, 40), round(7_300)])).toBe(true);
    expect(report('Postgres', targets, [round(6_000), round(9_000), round(6_500)])).toBe(false);
  });

  it('prints MISSED beside the route that missed', () => {
    report('Postgres', targets, [round(5_000)]);
    const lines = jest.mocked(console.log).mock.calls.map(([line]) => String(line));
    expect(lines.find((line) => line.startsWith('page 1'))).toMatch(/≥70%, ≤5 ms: MISSED$/);
  });
});
