import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import type { BenchContext, Scenario } from '../lib/context.js';
import { HttpConnection } from '../lib/http.js';
import { largeSize } from '../lib/scaling.js';
import { APP_POOL_SIZE, freePort, startServer } from '../lib/servers.js';

const CONNECTIONS = 20;

/**
 * Requests per second of `GET /api/auctions` (first page, signed in: session lookup, schema
 * validation, repository, presenter, serialisation) against a bare Fastify route in the same
 * process running the same statement through the same pool and answering the same JSON.
 * Both are loaded by autocannon in short alternating rounds (at least 5); the ratio is the median
 * of the rounds' ratios, with their spread (docs/performance.md, "Method").
 */
export const apiOverhead: Scenario = {
  name: 'api-overhead',
  unit: 'req/s',
  // The aim of docs/engineering.md §6. Checked at 0.7 until every run of 28 and 29 November, on two
  // machines, met 0.85 (0.85–0.983).
  target: { of: 'ratio', op: '>=', bound: 0.9 },
  invariant: 'the bare route answers exactly the JSON of GET /api/auctions, and every request succeeded',
  async run(ctx: BenchContext) {
    const rounds = ctx.quick ? 5 : 9;
    const seconds = ctx.quick ? 2 : 5;
    const market = await ctx.marketplace(largeSize(ctx));
    const barePort = await freePort();
    const server = await startServer({
      kind: 'app',
      databaseUrl: market.database.url,
      port: await freePort(),
      sessionSecret: ctx.sessionSecret,
      poolSize: APP_POOL_SIZE,
      serveWeb: false,
      barePort,
      bareViewerId: market.viewer.id,
    });
    try {
      const appUrl = `${server.url}/api/auctions`;
      const bareUrl = `http://127.0.0.1:${barePort}/bare/auctions`;
      const sameJson = await answersAlike(server.url, barePort, market.viewer.cookie);
      const load = async (url: string, duration: number, cookie?: string) => {
        const result = await autocannon({
          url,
          connections: CONNECTIONS,
          duration,
          headers: cookie ? { cookie } : {},
        });
        return { rps: result['2xx'] / result.duration, failed: result.errors + result.timeouts + result.non2xx };
      };
      ctx.log(`  same JSON from both: ${sameJson ? 'yes' : 'NO'}; warming up`);
      await load(appUrl, 2, market.viewer.cookie);
      await load(bareUrl, 2);
      await ctx.beforeTiming();
      const app: number[] = [];
      const bare: number[] = [];
      let failed = 0;
      for (let round = 0; round < rounds; round += 1) {
        // Short alternating rounds, each side first in turn: a burst of load from elsewhere on the
        // machine then lands on both sides alike, and the medians leave it out.
        const runApp = () => load(appUrl, seconds, market.viewer.cookie);
        const runBare = () => load(bareUrl, seconds);
        const appFirst = round % 2 === 0;
        const first = await (appFirst ? runApp() : runBare());
        const second = await (appFirst ? runBare() : runApp());
        const [a, b] = appFirst ? [first, second] : [second, first];
        app.push(Math.round(a.rps));
        bare.push(Math.round(b.rps));
        failed += a.failed + b.failed;
        ctx.log(`  round ${round + 1}/${rounds}: app ${app.at(-1)} req/s, bare ${bare.at(-1)} req/s`);
      }
      return {
        value: null,
        ceiling: null,
        rounds: app.map((value, i) => ({ value, ceiling: bare[i]! })),
        invariantHeld: sameJson && failed === 0,
        detail: {
          unit: 'req/s',
          connections: CONNECTIONS,
          secondsPerRound: seconds,
          appRounds: app,
          bareRounds: bare,
          failedRequests: failed,
          sameJson,
          dataset: market.description,
        },
      };
    } finally {
      await server.stop();
    }
  },
};

async function answersAlike(appBase: string, barePort: number, cookie: string): Promise<boolean> {
  const app = new HttpConnection(appBase, cookie);
  const bare = new HttpConnection(`http://127.0.0.1:${barePort}`);
  try {
    const [a, b] = [await app.get('/api/auctions'), await bare.get('/bare/auctions')];
    return (
      a.status === 200 &&
      b.status === 200 &&
      a.headers['x-has-more'] === b.headers['x-has-more'] &&
      isDeepStrictEqual(JSON.parse(a.body), JSON.parse(b.body))
    );
  } finally {
    app.close();
    bare.close();
  }
}
