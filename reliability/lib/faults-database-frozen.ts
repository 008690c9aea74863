import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  check,
  envNumber,
  isAlive,
  onCleanup,
  secondsSince,
  sleep,
  startDeployment,
  type Check,
  type ScenarioResult,
} from './faults-common.js';

/** What the API promises while its database does not answer (docs/reliability.md, "Every wait has a limit"). */
const ANSWER_WITHIN_MS = 3_000;
const PROBED_PATHS = ['/api/health', '/api/auctions'] as const;

/**
 * The database frozen: every process of the private PostgreSQL cluster is stopped with SIGSTOP,
 * so connections stay open, packets are accepted and nothing ever answers (what a hung server
 * or a black-holed network looks like). While frozen, /api/health and /api/auctions must answer
 * 503 with Retry-After within 3 s, on connections the pool held and on new ones; after SIGCONT
 * the same instance (no restart) must answer 200 again by itself.
 */
export async function databaseFrozen(): Promise<ScenarioResult> {
  const started = performance.now();
  const frozenProbes = envNumber('FAULTS_FROZEN_PROBES', 3);
  const recoverWithinMs = envNumber('FAULTS_FROZEN_RECOVERY_SECONDS', 30) * 1000;

  const deployment = await startDeployment('database-frozen');
  const instance = await deployment.startInstance('app');
  const checks: Check[] = [];
  const timingsMs: Record<string, number> = {};

  // Warm: the pool holds open connections, which the freeze leaves hanging.
  for (const urlPath of PROBED_PATHS) {
    const warm = await probe(instance.url, urlPath);
    checks.push(check(`${urlPath} answers before the freeze`, warm.status === 200, `status ${warm.status}`));
  }

  const pids = clusterProcessIds(deployment.cluster.dataDir);
  const thaw = () => signalAll(pids, 'SIGCONT');
  onCleanup(async () => thaw());
  signalAll(pids, 'SIGSTOP');
  const frozenAt = performance.now();
  let slowest = 0;
  const frozenAnswers: string[] = [];
  try {
    for (let round = 0; round < frozenProbes; round += 1) {
      for (const urlPath of PROBED_PATHS) {
        const answer = await probe(instance.url, urlPath);
        slowest = Math.max(slowest, answer.ms);
        frozenAnswers.push(
          `${urlPath} ${answer.status} in ${answer.ms} ms, Retry-After ${answer.retryAfter ?? 'none'}`,
        );
        const held = answer.status === 503 && answer.retryAfter !== undefined && answer.ms <= ANSWER_WITHIN_MS;
        checks.push(
          check(
            `frozen database, round ${round + 1}: ${urlPath} answers 503 with Retry-After within ${ANSWER_WITHIN_MS} ms`,
            held,
            `status ${answer.status}, Retry-After ${answer.retryAfter ?? 'none'}, ${answer.ms} ms`,
          ),
        );
      }
    }
  } finally {
    thaw();
  }
  timingsMs.frozenFor = Math.round(performance.now() - frozenAt);
  timingsMs.slowestFrozenAnswer = slowest;

  // Thawed: the same process answers 200 again by itself.
  const thawedAt = performance.now();
  const recovered = new Set<string>();
  while (recovered.size < PROBED_PATHS.length && performance.now() - thawedAt < recoverWithinMs) {
    for (const urlPath of PROBED_PATHS) {
      if (!recovered.has(urlPath) && (await probe(instance.url, urlPath)).status === 200) recovered.add(urlPath);
    }
    if (recovered.size < PROBED_PATHS.length) await sleep(250);
  }
  timingsMs.recovery = Math.round(performance.now() - thawedAt);
  checks.push(
    check(
      `after the thaw both answer 200 within ${recoverWithinMs / 1000} s, without a restart`,
      recovered.size === PROBED_PATHS.length && isAlive(instance.pid),
      `recovered: ${[...recovered].join(', ') || 'none'} after ${timingsMs.recovery} ms; instance pid ${instance.pid} ${isAlive(instance.pid) ? 'still running' : 'gone'}`,
    ),
  );

  const held = checks.every((c) => c.held);
  return {
    name: 'database-frozen',
    injected: `SIGSTOP on the ${pids.length} processes of the PostgreSQL cluster for ${timingsMs.frozenFor} ms, then SIGCONT`,
    checks,
    counts: { clusterProcesses: pids.length, frozenProbes: frozenAnswers.length },
    timingsMs,
    seconds: secondsSince(started),
    held,
    ...(held ? {} : { logs: [instance.logFile, ...frozenAnswers] }),
  };
}

async function probe(
  baseUrl: string,
  urlPath: string,
): Promise<{ status: number; retryAfter: string | undefined; ms: number }> {
  const sent = performance.now();
  try {
    // The client's own limit is far above the promise, so a slow answer is measured, not cut short.
    const res = await fetch(`${baseUrl}${urlPath}`, { signal: AbortSignal.timeout(15_000) });
    await res.arrayBuffer();
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after') ?? undefined,
      ms: Math.round(performance.now() - sent),
    };
  } catch {
    return { status: 0, retryAfter: undefined, ms: Math.round(performance.now() - sent) };
  }
}

/** The postmaster (first line of postmaster.pid) and every process it started. */
function clusterProcessIds(dataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  if (!Number.isInteger(postmaster) || postmaster <= 0) throw new Error('no postmaster pid in postmaster.pid');
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => parentOf(pid) === postmaster);
  return [postmaster, ...children];
}

function parentOf(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function signalAll(pids: readonly number[], signal: 'SIGSTOP' | 'SIGCONT'): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // A process that ended meanwhile has nothing to freeze or thaw.
    }
  }
}
