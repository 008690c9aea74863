/**
 * `npm run lighthouse [-- --report-only] [--runs=N]`: Lighthouse's default mobile configuration
 * (simulated throttling) against the built server, on the landing page and on browse, three runs
 * each; prints the medians, writes bench/results/lighthouse.json (and the median run's HTML report
 * per page) and exits 1 when a target of issue 24 is missed, unless --report-only.
 * See docs/performance.md, "Lighthouse (mobile)". Never part of `npm test`: the scores depend on
 * how busy the machine is.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import {
  CATEGORIES,
  TARGETS,
  formatLighthouseTable,
  formatOpportunity,
  summarizePage,
  writeLighthouseSummary,
  type LighthouseSummary,
  type PageSummary,
  type RunFigures,
} from './lighthouse-summary.js';
import { median } from './lib/stats.js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'browse', path: '/browse' },
] as const;

const HEALTHY_WITHIN_MS = 180_000;
const TOP_OPPORTUNITIES = 5;

function parseArgs(argv: string[]) {
  const reportOnly = argv.includes('--report-only');
  const runsArg = argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length);
  const runs = runsArg === undefined ? 3 : Number(runsArg);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`--runs must be a whole number of at least 1, not ${runsArg}`);
    process.exit(2);
  }
  const unknown = argv.filter((a) => a !== '--report-only' && !a.startsWith('--runs='));
  if (unknown.length > 0) {
    console.error(`Unknown argument ${unknown.join(' ')}. Usage: npm run lighthouse [-- --report-only] [--runs=N]`);
    process.exit(2);
  }
  return { reportOnly, runs };
}

/** Builds like `npm start` does, but only when there is no build yet: measuring must not rebuild each time. */
function ensureBuilt() {
  if (existsSync(serverEntry) && existsSync(webIndex)) return;
  console.log('No build found: running `npm run build` first.');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed.');
    process.exit(1);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The built server on a throwaway embedded database with the demo data, so browse lists auctions. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`the server exited with code ${server.exitCode} before it was healthy`);
    if (Date.now() - started > HEALTHY_WITHIN_MS)
      throw new Error(`/api/health did not answer within ${HEALTHY_WITHIN_MS} ms`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/** Category scores 0-100, the metrics, and what did not pass, from one Lighthouse result. */
function figuresOf(lhr: Result): RunFigures {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => {
      const value = lhr.categories[c]?.score;
      return [c, typeof value === 'number' ? Math.round(value * 100) : null];
    }),
  ) as RunFigures['scores'];
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

  const failedAudits: string[] = [];
  for (const category of CATEGORIES.filter((c) => c !== 'performance')) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      failedAudits.push(`${category}/${ref.id}: ${audit.title}`);
    }
  }

  const opportunities = Object.values(lhr.audits).flatMap((audit) => {
    const details = audit.details;
    if (!details || details.type !== 'opportunity' || audit.score === null || audit.score >= 1) return [];
    const savingsMs = details.overallSavingsMs ?? 0;
    const savingsBytes = details.overallSavingsBytes ?? 0;
    return savingsMs > 0 || savingsBytes > 0 ? [{ title: audit.title, savingsMs, savingsBytes }] : [];
  });

  return {
    scores,
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    transferBytes: numeric('total-byte-weight'),
    failedAudits,
    opportunities,
  };
}

/**
 * One Lighthouse run in a fresh headless Chromium (no cache, no service worker left from the last
 * run). No flag changes the default config: mobile form factor, simulated throttling.
 */
async function runOnce(url: string): Promise<{ figures: RunFigures; html: string }> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    const html = Array.isArray(result.report) ? result.report.join('') : result.report;
    return { figures: figuresOf(result.lhr), html };
  } finally {
    chrome.kill();
  }
}

function describeMachine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`;
}

function chromiumVersion(): string {
  const out = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' });
  return out.stdout?.trim() || 'unknown';
}

async function main() {
  const { reportOnly, runs } = parseArgs(process.argv.slice(2));
  if (!existsSync(chromiumPath)) {
    console.error(`No Chromium at ${chromiumPath}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  ensureBuilt();

  const port = process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const loadBefore = os.loadavg();
  let server: ChildProcess | undefined;
  const pages: PageSummary[] = [];
  try {
    server = await startServer(port, dataDir);
    const origin = `http://127.0.0.1:${port}`;
    // One untimed visit per page first, so the first measured run does not pay for the server's cold start.
    for (const page of PAGES) await fetch(`${origin}${page.path}`).then((res) => res.text());

    for (const page of PAGES) {
      const results: Array<{ figures: RunFigures; html: string }> = [];
      for (let i = 1; i <= runs; i += 1) {
        const run = await runOnce(`${origin}${page.path}`);
        const s = run.figures.scores;
        console.log(
          `${page.name} run ${i}/${runs}: performance ${s.performance}, accessibility ${s.accessibility}, ` +
            `best practices ${s['best-practices']}, SEO ${s.seo}, CLS ${run.figures.cls.toFixed(3)}, ` +
            `LCP ${Math.round(run.figures.lcpMs)} ms, TBT ${Math.round(run.figures.tbtMs)} ms`,
        );
        results.push(run);
      }
      const summary = summarizePage(
        page.name,
        page.path,
        results.map((r) => r.figures),
      );
      pages.push(summary);
      // The report to open is the run whose performance score is the median one.
      const perf = results.map((r) => r.figures.scores.performance ?? 0);
      const medianRun = results[perf.indexOf(median(perf))] ?? results[0]!;
      writeFileSync(path.join(resultsDir, `lighthouse-${page.name}.html`), medianRun.html);
    }
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const loadAfter = os.loadavg();
  const loadAverage = loadBefore.map((l, i) => Math.round(Math.max(l, loadAfter[i]!) * 100) / 100) as [
    number,
    number,
    number,
  ];
  const summary: LighthouseSummary = {
    date: new Date().toISOString(),
    machine: describeMachine(),
    loadAverage,
    lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version,
    chromium: chromiumVersion(),
    method: `median of ${runs} runs per page; Lighthouse default mobile configuration, simulated throttling`,
    targets: TARGETS,
    pages,
    met: pages.every((p) => p.missed.length === 0),
  };
  const file = writeLighthouseSummary(summary, resultsDir);

  console.log(`\nLighthouse ${summary.lighthouse}, ${summary.chromium}; ${summary.method}`);
  console.log(`load average (1, 5, 15 min, the higher of before and after): ${loadAverage.join(', ')}\n`);
  console.log(formatLighthouseTable(pages));
  for (const page of pages) {
    if (page.failedAudits.length > 0)
      console.log(`\n${page.name}: audits not passed\n  ${page.failedAudits.join('\n  ')}`);
    const top = page.opportunities.slice(0, TOP_OPPORTUNITIES).map(formatOpportunity);
    if (top.length > 0) console.log(`\n${page.name}: top opportunities\n  ${top.join('\n  ')}`);
    if (page.missed.length > 0) console.log(`\n${page.name}: targets missed: ${page.missed.join('; ')}`);
  }
  console.log(`\nWrote ${path.relative(repoRoot, file)} and the median runs' HTML reports beside it.`);
  if (!summary.met && !reportOnly) process.exit(1);
}

await main();
