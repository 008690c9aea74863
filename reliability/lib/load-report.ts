import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CheckResult } from './load-checks.js';
import type { RouteFigures } from './load-recorder.js';

export interface LoadReport {
  command: string;
  machine: string;
  startedAt: string;
  settings: { users: number; seconds: number; appInstances: number; maxErrorRate: number; userModel: unknown };
  marketplace: { users: number; auctions: number; openAuctions: number };
  measuredSeconds: number;
  totals: {
    requests: number;
    ok: number;
    refused: number;
    errors: number;
    errorRate: number;
    requestsPerSecond: number;
    bidsAccepted: number;
    messagesSent: number;
  };
  routes: RouteFigures[];
  checks: CheckResult[];
  errorSamples: string[];
  passed: boolean;
  failures: string[];
}

export function totalsOf(routes: readonly RouteFigures[], seconds: number) {
  const sum = (pick: (r: RouteFigures) => number) => routes.reduce((total, r) => total + pick(r), 0);
  const requests = sum((r) => r.count);
  const errors = sum((r) => r.errors);
  return {
    requests,
    ok: sum((r) => r.ok),
    refused: sum((r) => r.refused),
    errors,
    errorRate: requests > 0 ? errors / requests : 0,
    requestsPerSecond: seconds > 0 ? Math.round((requests / seconds) * 10) / 10 : 0,
  };
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

/** The table printed at the end of a run (and pasted into docs/reliability.md). */
export function formatReport(report: LoadReport): string {
  const lines = [
    `${report.settings.users} users x ${report.settings.seconds} s on ${report.settings.appInstances} app instances behind HAProxy; ` +
      `${report.marketplace.auctions} auctions (${report.marketplace.openAuctions} open), ${report.marketplace.users} users`,
    report.machine,
    '',
    `${'route'.padEnd(38)}${pad('count', 8)}${pad('ok', 8)}${pad('refused', 9)}${pad('errors', 8)}` +
      `${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('max ms', 9)}`,
  ];
  for (const r of report.routes) {
    lines.push(
      `${r.route.padEnd(38)}${pad(r.count, 8)}${pad(r.ok, 8)}${pad(r.refused, 9)}${pad(r.errors, 8)}` +
        `${pad(r.latencyMs.p50.toFixed(1), 9)}${pad(r.latencyMs.p99.toFixed(1), 9)}${pad(r.latencyMs.max.toFixed(1), 9)}`,
    );
  }
  const t = report.totals;
  lines.push(
    '',
    `${t.requests} requests in ${report.measuredSeconds.toFixed(1)} s = ${t.requestsPerSecond} req/s; ` +
      `refused ${t.refused} (rules: outbid race, rate limits); errors ${t.errors} ` +
      `(${(t.errorRate * 100).toFixed(3)} %, limit ${(report.settings.maxErrorRate * 100).toFixed(2)} %)`,
    `bids accepted ${t.bidsAccepted}, messages sent ${t.messagesSent}`,
    '',
    'nothing lost:',
  );
  for (const c of report.checks) {
    lines.push(`  ${c.problems === 0 ? 'ok  ' : 'FAIL'} ${c.name}: ${c.checked} checked, ${c.problems} problems`);
    for (const example of c.examples) lines.push(`         ${example}`);
  }
  lines.push('', report.passed ? 'PASSED' : `FAILED: ${report.failures.join('; ')}`);
  return lines.join('\n');
}

export async function writeReport(file: string, report: LoadReport): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}
