// npm run bench:web [-- --write] — Lighthouse (mobile preset, simulated throttling) against the built app
// served by the real server: the landing page, /login and a signed-in /dashboard. Each run first measures
// the host's benchmark index and slows its CPU to emulate one phone on every host (cpu-calibration.ts);
// the preset's fixed 4x runs beside it, for comparison. Prints performance, accessibility and
// best-practices scores, FCP, LCP, TBT, CLS, the host's index, the slowdown and the load average, and the
// gzip size of all the JS the landing page loads, each against its page's target
// (scripts/bench-web-report.ts, judged on the calibrated runs); exits 1 when one is missed. `--write`
// puts the run in docs/performance.md. BENCH_RUNS (default 5) runs per page; the median run by
// performance score is reported.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { loadavg } from 'node:os';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../e2e/support/browser-args';
import { artifactsDir, buildSpa, repoRoot, startServer } from '../e2e/support/server';
import * as prettier from 'prettier';
import { type Figures, markdown, median, missed, PAGES } from './bench-web-report';
import { PRESET_SLOWDOWN, slowdownFor } from './cpu-calibration';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function api<T>(
  base: string,
  method: string,
  route: string,
  token?: string,
  body: unknown = {},
): Promise<T> {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as T;
}

/** A trialing subscriber with a forwarded number and a few calls, so /dashboard shows real content. */
async function seedSubscriber(base: string) {
  const person = {
    name: 'Bench User',
    email: `bench-${Date.now()}@example.com`,
    password: 'bench passphrase 1',
  };
  await api(base, 'POST', '/auth/register', undefined, { ...person, acceptTerms: true });
  const tokens = await api<{ access_token: string; refresh_token: string }>(
    base,
    'POST',
    '/auth/login',
    undefined,
    { email: person.email, password: person.password },
  );
  const { url } = await api<{ url: string }>(
    base,
    'POST',
    '/billing/create-checkout-session',
    tokens.access_token,
  );
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await page.route(/\/checkout\/redirect/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: 'ok' }),
    );
    await page.goto(url);
    await page.getByRole('button', { name: 'Start trial' }).click();
    await page.waitForURL(/\/checkout\/redirect/);
  } finally {
    await browser.close();
  }
  const search = await api<{ available_numbers: { phone_number: string }[] }>(
    base,
    'GET',
    '/twilio/search-numbers?area_code=512',
  );
  const number = search.available_numbers[0].phone_number;
  await api(base, 'POST', '/twilio/purchase-number', tokens.access_token, { twilio_number: number });
  await api(base, 'POST', '/twilio/number-configuration', tokens.access_token, {
    twilio_number: number,
    forwarding_number: '+15125550199',
  });
  for (let i = 0; i < 12; i += 1) {
    await api(base, 'POST', '/sandbox/inbound-call', undefined, {
      to: number,
      from: `+1415555${1000 + i}`,
      duration: 40 + i,
    });
  }
  return tokens;
}

// Lighthouse's own benchmark (its report's benchmarkIndex), run in a page of the browser it audits with.
// One measurement swung 820–1,750 between runs on a quiet host: the median of five steadies the slowdown.
const INDEX_SAMPLES = 5;
async function hostBenchmarkIndex(port: number): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const samples: number[] = [];
    for (let i = 0; i < INDEX_SAMPLES; i++) {
      samples.push(await page.evaluate<number>(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
    }
    await page.close();
    return Math.round(samples.sort((a, b) => a - b)[Math.floor(INDEX_SAMPLES / 2)]);
  } finally {
    await browser.close();
  }
}

async function audit(
  url: string,
  tokens: { access_token: string; refresh_token: string } | undefined,
  // 'calibrated': the host's index measured first and slowed to the target phone's; 'preset': 4x.
  cpu: 'calibrated' | 'preset',
): Promise<Figures> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'forwardly-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', ...chromiumArgs],
    userDataDir,
  });
  try {
    if (tokens) {
      // Sign in by putting the tokens in this profile's localStorage; the audit keeps storage.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(new URL('/robots.txt', url).href).catch(() => undefined);
      await page.evaluate(({ access_token, refresh_token }) => {
        localStorage.setItem('access_token', access_token);
        localStorage.setItem('refresh_token', refresh_token);
      }, tokens);
      await page.close();
      await browser.close();
    }
    const hostIndex = await hostBenchmarkIndex(chrome.port);
    const slowdown = cpu === 'calibrated' ? slowdownFor(hostIndex) : PRESET_SLOWDOWN;
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: Boolean(tokens),
      },
      {
        extends: 'lighthouse:default',
        settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown } },
      },
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new TraceError(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })
        ?.items ?? [];
    const failing = [...lhr.categories.accessibility.auditRefs, ...lhr.categories['best-practices'].auditRefs]
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    if (failing.length) console.log(`    ${new URL(url).pathname}: failing audits: ${failing.join(', ')}`);
    return {
      page: new URL(url).pathname,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      benchmarkIndex: hostIndex,
      slowdown,
      loadAverage: loadavg()[0],
      scripts: requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
      report: typeof result.report === 'string' ? result.report : '',
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function gzipKb(urls: string[]) {
  let bytes = 0;
  for (const url of new Set(urls))
    bytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  return bytes / 1000;
}

function lighthouseVersion() {
  return (
    JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
}

function commit() {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  return { commit: git('rev-parse', '--short', 'HEAD'), changed: git('status', '--porcelain') !== '' };
}

// Where the current run stands in docs/performance.md: between these lines (older runs are in git).
const RUN_START = '<!-- bench:web run -->';
const RUN_END = '<!-- end of bench:web run -->';

/** Puts the run in docs/performance.md in place of the one before; everything else stays as written. */
async function writeDocs(raw: string) {
  const file = path.join(repoRoot, 'docs', 'performance.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const [start, end] = [text.indexOf(RUN_START), text.indexOf(RUN_END)];
  if (start === -1 || end < start) throw new Error(`${file} has no "${RUN_START}" … "${RUN_END}" lines`);
  // Formatted as the repository's prettier would (the lint step checks docs too).
  const section = await prettier.format(raw, { ...(await prettier.resolveConfig(file)), parser: 'markdown' });
  const head = text.slice(0, start + RUN_START.length);
  writeFileSync(file, `${head}\n\n${section.trimEnd()}\n\n${text.slice(end)}`);
  console.log(`[bench:web] put the run in ${path.relative(repoRoot, file)}`);
}

buildSpa();
const server = await startServer({ label: 'bench-web' });
// Lighthouse now and then fails to record the page's trace (NO_NAVSTART on this machine): a run that
// recorded nothing is run again, at most twice; any other failure stops the bench.
class TraceError extends Error {}
async function auditRetried(
  url: string,
  tokens: Parameters<typeof audit>[1],
  cpu: Parameters<typeof audit>[2],
): Promise<Figures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, tokens, cpu);
    } catch (error) {
      if (!(error instanceof TraceError) || attempt === 3) throw error;
      console.log(`    ${error.message}; running it again`);
    }
  }
}

try {
  console.log(`[bench:web] server at ${server.baseUrl}; ${RUNS} Lighthouse run(s) per page`);
  const tokens = await seedSubscriber(server.baseUrl);
  const runsByPage: Figures[][] = [];
  const presetByPage: Figures[][] = [];
  for (const { route, signedIn } of PAGES) {
    const runs: Figures[] = [];
    const preset: Figures[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      // Calibrated then preset, alternately, so both meet the same moments of the host.
      for (const [cpu, into] of [
        ['calibrated', runs],
        ['preset', preset],
      ] as const) {
        const figures = await auditRetried(`${server.baseUrl}${route}`, signedIn ? tokens : undefined, cpu);
        console.log(
          `  ${route} run ${i + 1} (${cpu}): performance ${figures.performance}, accessibility ${figures.accessibility}, best practices ${figures.bestPractices}, FCP ${Math.round(figures.fcpMs)} ms, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}; host index ${figures.benchmarkIndex}, slowdown ${figures.slowdown}x, load ${figures.loadAverage.toFixed(1)}`,
        );
        into.push(figures);
      }
    }
    runsByPage.push(runs);
    presetByPage.push(preset);
    // The full report of the reported run, for digging into a score (e2e/.artifacts is not committed).
    const reportFile = path.join(
      artifactsDir,
      `lighthouse${route === '/' ? '-landing' : route.replace('/', '-')}.json`,
    );
    writeFileSync(reportFile, median(runs).report);
  }
  const landingScripts = median(runsByPage[0]).scripts;
  const landingJsKb = await gzipKb(landingScripts);
  const section = markdown(
    runsByPage,
    presetByPage,
    { kb: landingJsKb, scripts: landingScripts.length },
    { lighthouse: lighthouseVersion(), ...commit() },
  );
  console.log(`\n${section}`);
  if (process.argv.includes('--write')) await writeDocs(section);
  if (missed(runsByPage, landingJsKb)) {
    console.log('[bench:web] some targets are missed (see ❌ above)');
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}
