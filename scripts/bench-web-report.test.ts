import { type Figures, markdown, median, missed } from './bench-web-report';

// A run of a page that meets every target it has; each test changes what it is about.
const run = (page: string, change: Partial<Figures> = {}): Figures => ({
  page,
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  fcpMs: 700,
  lcpMs: 700,
  tbtMs: 10,
  cls: 0,
  benchmarkIndex: 3000,
  slowdown: 6.86,
  loadAverage: 1,
  scripts: [],
  report: '',
  ...change,
});

const allMet = () => [[run('/')], [run('/login')], [run('/dashboard', { performance: 95 })]];
const about = { lighthouse: '13.5.0', commit: 'abc1234', changed: false };

describe("bench:web's verdict", () => {
  it('is met when every page meets its own targets and the landing JavaScript its budget', () => {
    expect(missed(allMet(), 164)).toBe(false);
  });

  it.each<[string, number, Partial<Figures>]>([
    ['the landing page under 100', 0, { performance: 99 }],
    ['the landing page with LCP over 1.2 s', 0, { lcpMs: 1250 }],
    ['/login under 98', 1, { performance: 97 }],
    ['the dashboard under 90', 2, { performance: 89 }],
    ['the dashboard with LCP over 2.5 s', 2, { lcpMs: 2510 }],
    ['the dashboard with TBT over 200 ms', 2, { tbtMs: 201 }],
    ['the dashboard with any layout shift', 2, { cls: 0.001 }],
    ['accessibility under 100 on any page', 1, { accessibility: 98 }],
    ['best practices under 100 on any page', 2, { bestPractices: 96 }],
  ])('is missed by %s', (_case, page, change) => {
    const runs = allMet();
    runs[page] = [run(runs[page][0].page, { ...runs[page][0], ...change })];
    expect(missed(runs, 164)).toBe(true);
  });

  it('is missed by landing JavaScript over 170 kB', () => {
    expect(missed(allMet(), 170.1)).toBe(true);
  });

  it('is met at each target exactly', () => {
    const runs = allMet();
    runs[2] = [run('/dashboard', { performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0 })];
    expect(missed(runs, 170)).toBe(false);
  });

  it('judges each page by its median run, not its best or worst one', () => {
    const dashboard = [88, 96, 90].map((performance) => run('/dashboard', { performance }));
    expect(median(dashboard).performance).toBe(90);
    expect(missed([[run('/')], [run('/login')], dashboard], 164)).toBe(false);
    const lower = [88, 96, 89].map((performance) => run('/dashboard', { performance }));
    expect(missed([[run('/')], [run('/login')], lower], 164)).toBe(true);
  });

  it('marks each figure that has a target, and only the missed ones with ❌', () => {
    const runs = allMet();
    runs[2] = [run('/dashboard', { performance: 95, tbtMs: 207 })];
    const rows = markdown(runs, runs, { kb: 164, scripts: 10 }, about)
      .split('\n')
      .filter((line) => line.startsWith('| /'));
    expect(rows).toEqual([
      '| / | 100 ✅ | 100 ✅ | 100 ✅ | 0.70 s | 0.70 s ✅ | 10 ms | 0.000 |',
      '| /login | 100 ✅ | 100 ✅ | 100 ✅ | 0.70 s | 0.70 s | 10 ms | 0.000 |',
      '| /dashboard | 95 ✅ | 100 ✅ | 100 ✅ | 0.70 s | 0.70 s ✅ | 207 ms ❌ | 0.000 ✅ |',
    ]);
  });
});
