import type { BenchContext } from './context.js';
import { measureLatencies, HttpConnection, type HttpAnswer } from './http.js';
import type { Member } from './members.js';
import { APP_POOL_SIZE, freePort, startServer, type RunningServer } from './servers.js';
import { summarizeLatencies, type LatencySummary } from './stats.js';
import type { Measurement } from '../summary.js';

/** The two sizes every scaling scenario compares (issue 7). */
export const SMALL = 1_000;
export const LARGE = 100_000;

export interface ScalingCase {
  label: string;
  /** Path and query of the GET request. */
  path: string;
  /** Spot-check of one answer against SQL on that size's database; returns what was wrong, if anything. */
  verify(answer: HttpAnswer, size: typeof SMALL | typeof LARGE): Promise<string | null>;
}

interface Side {
  size: typeof SMALL | typeof LARGE;
  server: RunningServer;
  viewer: Member;
}

/**
 * Serves the small and the large marketplace from two app instances at once and measures every
 * case on both in alternating rounds, so a burst of load from elsewhere on the machine falls on
 * both sizes alike instead of skewing the ratio. Value: the worst p99 at the large size;
 * ceiling: that case's p99 at the small size.
 */
export async function measureScaling(
  ctx: BenchContext,
  buildCases: () => Promise<ScalingCase[]>,
): Promise<Measurement> {
  const requests = ctx.quick ? 150 : 600;
  const rounds = ctx.quick ? 3 : 6;
  const concurrency = 4;
  const [small, large] = await Promise.all([ctx.marketplace(SMALL), ctx.marketplace(LARGE)]);
  const sides: Side[] = [];
  try {
    for (const market of [small, large]) {
      const server = await startServer({
        kind: 'app',
        databaseUrl: market.database.url,
        port: await freePort(),
        sessionSecret: ctx.sessionSecret,
        poolSize: APP_POOL_SIZE,
        serveWeb: false,
      });
      sides.push({ size: market.size as Side['size'], server, viewer: market.viewer });
    }
    const cases = await buildCases();

    // Correctness first: every case's answer on both sizes against SQL.
    const wrong: string[] = [];
    for (const side of sides) {
      const connection = new HttpConnection(side.server.url, side.viewer.cookie);
      try {
        for (const c of cases) {
          const answer = await connection.get(c.path);
          const problem = answer.status === 200 ? await c.verify(answer, side.size) : `status ${answer.status}`;
          if (problem) wrong.push(`${c.label} at ${side.size}: ${problem}`);
        }
      } finally {
        connection.close();
      }
    }
    ctx.log(`  spot-checked ${cases.length} cases at both sizes: ${wrong.length === 0 ? 'all correct' : 'WRONG'}`);

    const samples = new Map<string, { small: number[]; large: number[] }>();
    for (const c of cases) samples.set(c.label, { small: [], large: [] });
    for (let round = 0; round < rounds; round += 1) {
      for (const c of cases) {
        for (const side of sides) {
          const latencies = await measureLatencies({
            baseUrl: side.server.url,
            cookie: side.viewer.cookie,
            path: c.path,
            // The first round also warms caches and the JIT; its first requests are not kept.
            total: Math.ceil(requests / rounds) + (round === 0 ? 10 : 0),
            concurrency,
          });
          const kept = round === 0 ? latencies.slice(10) : latencies;
          samples.get(c.label)![side.size === SMALL ? 'small' : 'large'].push(...kept);
        }
      }
      ctx.log(`  round ${round + 1}/${rounds} done`);
    }

    const perCase: Record<string, { small: LatencySummary; large: LatencySummary; ratio: number }> = {};
    let worst: { label: string; large: number; small: number } | undefined;
    for (const [label, s] of samples) {
      const smallSummary = summarizeLatencies(s.small);
      const largeSummary = summarizeLatencies(s.large);
      perCase[label] = {
        small: smallSummary,
        large: largeSummary,
        ratio: Math.round((largeSummary.p99 / smallSummary.p99) * 100) / 100,
      };
      if (!worst || largeSummary.p99 > worst.large) worst = { label, large: largeSummary.p99, small: smallSummary.p99 };
    }
    const worstRatio = Object.entries(perCase).reduce((a, b) => (b[1].ratio > a[1].ratio ? b : a));
    return {
      value: worst?.large ?? null,
      ceiling: worst?.small ?? null,
      invariantHeld: wrong.length === 0,
      detail: {
        unit: 'ms',
        worstCase: worst?.label,
        highestRatioCase: { label: worstRatio[0], ratio: worstRatio[1].ratio },
        requestsPerCasePerSize: requests,
        concurrency,
        datasets: { small: small.description, large: large.description },
        wrong,
        cases: perCase,
      },
    };
  } finally {
    for (const side of sides) await side.server.stop();
  }
}
