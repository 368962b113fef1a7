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
    ['the dashboard under 95', 2, { performance: 94 }],
    ['the dashboard at 95 with TBT over 100 ms', 2, { performance: 95, tbtMs: 107 }],
    ['accessibility under 100 on any page', 1, { accessibility: 98 }],
    ['best practices under 95 on any page', 2, { performance: 95, bestPractices: 92 }],
  ])('is missed by %s', (_case, page, change) => {
    const runs = allMet();
    runs[page] = [run(runs[page][0].page, { ...runs[page][0], ...change })];
    expect(missed(runs, 164)).toBe(true);
  });

  it('is missed by landing JavaScript over 170 kB', () => {
    expect(missed(allMet(), 170.1)).toBe(true);
  });

  it('judges each page by its median run, not its best or worst one', () => {
    const dashboard = [92, 96, 95].map((performance) => run('/dashboard', { performance }));
    expect(median(dashboard).performance).toBe(95);
    expect(missed([[run('/')], [run('/login')], dashboard], 164)).toBe(false);
    const lower = [92, 96, 94].map((performance) => run('/dashboard', { performance }));
    expect(missed([[run('/')], [run('/login')], lower], 164)).toBe(true);
  });

  it('marks each figure that has a target, and only the missed ones with ❌', () => {
    const runs = allMet();
    runs[2] = [run('/dashboard', { performance: 95, tbtMs: 107 })];
    const rows = markdown(runs, { kb: 164, scripts: 10 }, about)
      .split('\n')
      .filter((line) => line.startsWith('| /'));
    expect(rows).toEqual([
      '| / | 100 ✅ | 100 ✅ | 100 ✅ | 0.70 s | 0.70 s ✅ | 10 ms | 0.000 |',
      '| /login | 100 ✅ | 100 ✅ | 100 ✅ | 0.70 s | 0.70 s | 10 ms | 0.000 |',
      '| /dashboard | 95 ✅ | 100 ✅ | 100 ✅ | 0.70 s | 0.70 s | 107 ms ❌ | 0.000 |',
    ]);
  });
});
