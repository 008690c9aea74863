/**
 * Runs Debian's sqlmap against one injection point and turns its console output into a verdict.
 * Kept apart from the target list so the same code can be pointed at a deliberately injectable
 * server to prove the verdict works (docs/reliability.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/** One sqlmap run: a request with exactly one parameter to test. */
export interface SqlmapJob {
  /** What the table shows, e.g. `GET /api/search`. */
  target: string;
  /** The parameter under test, e.g. `q`, `id (path)`, `auctionId (JSON)`. */
  parameter: string;
  /** The full URL; a `*` in it marks a path parameter. */
  url: string;
  /** A JSON body with one `*` marker (makes the request a POST). */
  data?: string;
  /** For query-string parameters: the name handed to `-p`. */
  queryParameter?: string;
}

export interface SqlmapSettings {
  level: number;
  risk: number;
  techniques: string;
  timeSec: number;
  /** The `Cookie` header value of the signed-in member. */
  cookie: string;
  /** A directory of the run; each job gets its own sub-directory, so parallel sessions never share a file. */
  outputRoot: string;
  /** Per-run ceiling, so one stuck target cannot hold the whole run. */
  timeoutMs: number;
}

export type Outcome = 'clean' | 'injectable' | 'server-error' | 'not-tested';

export interface Verdict {
  outcome: Outcome;
  /** Why, in one line (the sqlmap line that decided it). */
  reason: string;
}

export interface JobResult extends SqlmapJob, Verdict {
  seconds: number;
  exitCode: number | null;
  output: string;
}

export const SQLMAP_INSTALL_HINT =
  'sqlmap is not installed. On Debian/Ubuntu: sudo apt-get install -y sqlmap ' +
  '(elsewhere: pipx install sqlmap, or https://sqlmap.org); then run npm run security:sqlmap again.';

/** The installed sqlmap's version line, or undefined when there is none on PATH. */
export function sqlmapVersion(): string | undefined {
  const probe = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return undefined;
  return probe.stdout
    .split('\n')
    .find((line) => /\d+\.\d+/.test(line))
    ?.trim();
}

export function sqlmapArguments(job: SqlmapJob, settings: SqlmapSettings, outputDir: string): string[] {
  const args = [
    '-u',
    job.url,
    '--batch',
    '--dbms=PostgreSQL',
    `--level=${settings.level}`,
    `--risk=${settings.risk}`,
    `--technique=${settings.techniques}`,
    `--time-sec=${settings.timeSec}`,
    `--output-dir=${outputDir}`,
    '--flush-session',
    '--disable-coloring',
    // Without it a non-terminal stdin (CI, this script) puts sqlmap in multiple-targets mode, reading URLs from it.
    '--ignore-stdin',
    `--cookie=${settings.cookie}`,
  ];
  if (job.queryParameter) args.push(`-p`, job.queryParameter);
  // Every answer echoes the request id, and error bodies carry it (docs/deploy.md): a fresh random
  // id per request would make every page differ and read to sqlmap as a boolean-based injection.
  // A fixed, valid id keeps true and false pages comparable, as they are for a real attacker who
  // sends their own id.
  const headers = ['X-Request-Id: sqlmap-scan'];
  if (job.data !== undefined) {
    args.push(`--data=${job.data}`);
    // The app takes JSON only, and refuses cross-site writes (docs/reliability.md); a browser on the site says same-origin.
    headers.push('Content-Type: application/json', 'Sec-Fetch-Site: same-origin');
  }
  args.push(`--headers=${headers.join('\n')}`);
  return args;
}

/** Runs one job to completion (or its timeout) and classifies what sqlmap printed. */
export function runSqlmap(job: SqlmapJob, settings: SqlmapSettings): Promise<JobResult> {
  const outputDir = mkdtempSync(path.join(settings.outputRoot, 'job-'));
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('sqlmap', sqlmapArguments(job, settings, outputDir), { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, settings.timeoutMs);
    const finish = (exitCode: number | null, spawnError?: Error) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      let verdict = classifySqlmapOutput(output, exitCode);
      if (spawnError) verdict = { outcome: 'not-tested', reason: `sqlmap could not start: ${spawnError.message}` };
      else if (timedOut)
        verdict = { outcome: 'not-tested', reason: `no verdict within ${settings.timeoutMs / 1000} s` };
      resolve({ ...job, ...verdict, seconds, exitCode, output });
    };
    child.once('error', (err) => finish(null, err));
    child.once('close', (code) => finish(code));
  });
}

/** Lines where sqlmap reports an injection it confirmed (or could not rule out). */
const FINDING_PATTERNS: RegExp[] = [
  /sqlmap identified the following injection point/i,
  /parameter '[^']*' is vulnerable/i,
  /parameter '[^']*' appears to be .*injectable/i,
  /parameter '[^']*' seems to be .*injectable/i,
  /parameter '[^']*' is '.*' injectable/i,
  // The heuristic saw a database error message in the answer: the app leaks SQL errors.
  /might be injectable \(possible DBMS/i,
];

/** The clean ending: every tested parameter resisted every payload. */
const CLEAN_PATTERN = /all tested parameters do not appear to be injectable/i;

/**
 * The verdict from sqlmap's console output and exit code. A finding wins over everything; then
 * any 5xx the app answered during the run (a 500 is a bug even when nothing was injectable);
 * then anything that kept sqlmap from testing (a CRITICAL other than the clean ending, a
 * non-zero exit, no clean ending at all).
 */
export function classifySqlmapOutput(output: string, exitCode: number | null): Verdict {
  const lines = output.split('\n');
  const finding = lines.find((line) => FINDING_PATTERNS.some((pattern) => pattern.test(line)));
  if (finding) return { outcome: 'injectable', reason: tidy(finding) };

  const serverErrors = serverErrorCodes(output);
  if (serverErrors.length > 0) return { outcome: 'server-error', reason: `HTTP ${serverErrors.join(', ')} during run` };

  const critical = lines.find((line) => /\[CRITICAL\]/.test(line) && !CLEAN_PATTERN.test(line));
  if (critical) return { outcome: 'not-tested', reason: tidy(critical) };
  if (!CLEAN_PATTERN.test(output)) return { outcome: 'not-tested', reason: 'sqlmap never reached its verdict' };
  // sqlmap exits 0 on the clean ending in 1.7; anything else means it did not run to the end.
  if (exitCode !== 0 && exitCode !== 1) return { outcome: 'not-tested', reason: `sqlmap exited with ${exitCode}` };
  return { outcome: 'clean', reason: 'all tested parameters do not appear to be injectable' };
}

/**
 * 5xx codes from "HTTP error codes detected during run:" (next line: "500 (Internal Server
 * Error) - 3 times, 404 (Not Found) - 20 times") and from "[CRITICAL] ... HTTP error code 5xx".
 */
export function serverErrorCodes(output: string): string[] {
  const codes = new Set<string>();
  const summary = /HTTP error codes detected during run:\s*\n?([^\n]*)/i.exec(output)?.[1] ?? '';
  for (const match of summary.matchAll(/(\d{3}) \(([^)]*)\) - (\d+) times/g)) {
    if (match[1]!.startsWith('5')) codes.add(match[0]);
  }
  for (const match of output.matchAll(/HTTP error code \((5\d\d)\)/gi)) codes.add(match[1]!);
  return [...codes];
}

function tidy(line: string): string {
  return line.replace(/^\[[\d:]+\]\s*/, '').trim();
}
