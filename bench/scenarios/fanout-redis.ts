import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { startHaproxy, type Haproxy } from '../../reliability/lib/haproxy.js';
import type { Scenario } from '../lib/context.js';
import { answerToLastReceiptMs, fanoutRedisRound, spreadIsEven, type UpdateTimes } from '../lib/fanout-redis.js';
import { HttpConnection } from '../lib/http.js';
import { addSandboxCards, createMembers } from '../lib/members.js';
import { APP_POOL_SIZE, freePort, startServer, type RunningServer } from '../lib/servers.js';
import { summarizeLatencies } from '../lib/stats.js';
import { sharedClockMs, SubscriberThreads, type Side } from '../lib/ws-subscriber-threads.js';
import type { Round } from '../summary.js';
import { warmEveryPooledConnection } from './ws-fanout.js';

/** Subscribers per side (issue 41): 1,500 in quick mode, 15,000 in the full run. */
const QUICK_SUBSCRIBERS = 1500;
const FULL_SUBSCRIBERS = 15_000;
/** The production topology of docs/deploy.md: three instances behind HAProxy, fan-out over Redis. */
const INSTANCES = 3;
const WARM_UP_UPDATES = 2;
const UPDATES_PER_ROUND = 20;
const UPDATE_TIMEOUT_MS = 5000;

/** The Redis both sides publish on: BENCH_REDIS_URL, else the local one of docs/engineering.md §4. */
export function benchRedisUrl(): string {
  return process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/**
 * Fan-out over Redis across three app instances with `REDIS_URL`, behind HAProxy with the
 * repository's deploy/haproxy.cfg (one `server` line per instance): 1,500 (quick) or 15,000 (full)
 * signed-in subscribers of one auction connect through the balancer, which spreads them round
 * robin; bids go through the balancer too, so any instance may take a bid and the other two hear
 * of it from Redis. The figure of an update is the time from the bid's answer to its last
 * subscriber's receipt (bench/lib/fanout-redis.ts): what a watcher on the slowest instance waits
 * after the bidder saw "You're winning".
 *
 * Ceiling: three bare `ws` servers in the same topology (their own HAProxy with the same config,
 * the same Redis server) fed by a Redis channel of their own: a broadcast request through the
 * balancer is published by whichever server took it, every bare server hears it and sends it to
 * its clients. Both sides stay connected and take turns update by update, each first in turn, as
 * in ws-fanout; a round's ratio is the app's p99 over the bare servers' p99 in the same round,
 * and the verdict is the median of the rounds' (docs/performance.md, "Method").
 */
export const fanoutRedis: Scenario = {
  name: 'fanout-redis',
  unit: 'ms',
  target: { of: 'ratio', op: '<=', bound: 2 },
  invariant: 'every subscriber on every instance got every update, in order',
  async run(ctx) {
    const subscriberCount = ctx.quick ? QUICK_SUBSCRIBERS : FULL_SUBSCRIBERS;
    const rounds = ctx.quick ? 9 : 7;
    assertFileLimit(subscriberCount);
    const redisUrl = benchRedisUrl();
    await assertRedisAnswers(redisUrl);
    const database = await ctx.scratchDatabase('fanout_redis');
    const [host, bidderA, bidderB, ...viewers] = await createMembers(database.pool, {
      count: subscriberCount + 3,
      sessionSecret: ctx.sessionSecret,
      label: 'Viewer',
    });
    const { rows } = await database.pool.query<{ id: string }>(
      `INSERT INTO auctions (creator_id, title, description, date_type, location, starting_bid, current_bid,
                             expected_duration, end_time)
       VALUES ($1, 'Sunset kayak paddle', 'Everyone is watching this one.', 'activity', 'Austin, TX', 1, 1, 120,
               now() + interval '1 day')
       RETURNING id`,
      [host!.id],
    );
    const auctionId = rows[0]!.id;

    const servers: RunningServer[] = [];
    const balancers: Haproxy[] = [];
    const subscribers = await SubscriberThreads.start();
    const logFile = (side: string) => path.join(os.tmpdir(), `bid-bench-fanout-redis-${side}-${process.pid}.log`);
    try {
      // The app side: HAProxy first, so its address is the instances' PUBLIC_URL.
      const appPorts = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
      const appBalancer = await startHaproxy(appPorts, logFile('app'));
      balancers.push(appBalancer);
      const instances: RunningServer[] = [];
      for (const port of appPorts) {
        const instance = await startServer({
          kind: 'app',
          databaseUrl: database.url,
          port,
          sessionSecret: ctx.sessionSecret,
          poolSize: APP_POOL_SIZE,
          serveWeb: false,
          publicUrl: appBalancer.url,
          trustProxy: '1',
          redisUrl,
        });
        instances.push(instance);
        servers.push(instance);
      }
      // The bare side: the same topology, its own channel on the same Redis.
      const barePorts = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
      const bareBalancer = await startHaproxy(barePorts, logFile('bare'));
      balancers.push(bareBalancer);
      const channel = `bench:fanout-redis:${randomBytes(6).toString('hex')}`;
      for (const port of barePorts) {
        servers.push(await startServer({ kind: 'bare-ws', port, redis: { url: redisUrl, channel } }));
      }
      for (const balancer of balancers) {
        for (let i = 1; i <= INSTANCES; i += 1) await balancer.waitFor(`app${i}`, 'UP', 60_000);
      }

      const bidders = [bidderA!, bidderB!];
      await addSandboxCards(instances[0]!.url, bidders);
      const wsUrl = (balancer: Haproxy) => `${balancer.url.replace('http', 'ws')}/ws`;
      // Through the balancer nobody knows which instance a subscriber is on: one group (0).
      const appCount = await subscribers.connect(
        'app',
        viewers.map((viewer) => ({ url: wsUrl(appBalancer), cookie: viewer.cookie, instance: 0 })),
        auctionId,
      );
      const bareCount = await subscribers.connect(
        'bare',
        viewers.map(() => ({ url: wsUrl(bareBalancer), instance: 0 })),
        undefined,
      );
      const perInstance = async (balancer: Haproxy) => (await balancer.stats()).map((s) => s.currentSessions);
      const spread = { app: await perInstance(appBalancer), bare: await perInstance(bareBalancer) };
      ctx.log(
        `  ${appCount} subscribers over ${INSTANCES} app instances (${spread.app.join(', ')}), ` +
          `${bareCount} over ${INSTANCES} bare servers (${spread.bare.join(', ')}), through HAProxy and Redis; ` +
          `${rounds} rounds of ${UPDATES_PER_ROUND} updates per side`,
      );

      // Bid n comes from bidder n % 2; the balancer decides which instance takes it.
      const senders = bidders.map((bidder) => new HttpConnection(appBalancer.url, bidder.cookie));
      const trigger = new HttpConnection(bareBalancer.url);
      const appSide = {
        side: 'app' as Side,
        next: 1,
        send: async (n: number) => {
          const answer = await senders[n % 2]!.post('/api/bids', { auctionId, amount: `${n}.00` });
          if (answer.status !== 201) throw new Error(`bid ${n} answered ${answer.status}: ${answer.body}`);
        },
      };
      const bareSide = {
        side: 'bare' as Side,
        next: 1,
        // The app's own bid_update, renumbered, as in ws-fanout.
        send: async (n: number) => {
          const template = JSON.parse(subscribers.lastAppPayload ?? '{}') as Record<string, unknown>;
          const answer = await trigger.request('POST', '/broadcast', JSON.stringify({ ...template, bidCount: n }));
          if (answer.status !== 204) throw new Error(`broadcast answered ${answer.status}`);
        },
      };
      const play = async (side: typeof appSide, count: number) => {
        const updates = await runUpdates(subscribers, side.side, side.next, side.next + count - 1, side.send);
        side.next += count;
        return updates;
      };
      await warmEveryPooledConnection(database.pool, host!.id, instances, [bidders[0]!, bidders[1]!, bidders[0]!]);
      await play(appSide, WARM_UP_UPDATES);
      await play(bareSide, WARM_UP_UPDATES);
      await ctx.beforeTiming();

      const roundFigures: Round[] = [];
      const all: Record<Side, UpdateTimes[]> = { app: [], bare: [] };
      for (let round = 0; round < rounds; round += 1) {
        const batch: Record<Side, UpdateTimes[]> = { app: [], bare: [] };
        for (let k = 0; k < UPDATES_PER_ROUND; k += 1) {
          const appFirst = (round + k) % 2 === 0;
          for (const side of appFirst ? [appSide, bareSide] : [bareSide, appSide]) {
            batch[side.side].push(...(await play(side, 1)));
          }
        }
        const figures = fanoutRedisRound(batch.app, batch.bare);
        roundFigures.push(figures);
        all.app.push(...batch.app);
        all.bare.push(...batch.bare);
        ctx.log(
          `  round ${round + 1}/${rounds}: app p99 ${figures.value.toFixed(1)} ms, bare p99 ${figures.ceiling.toFixed(1)} ms`,
        );
      }
      for (const sender of senders) sender.close();
      trigger.close();
      const appCheck = await subscribers.check('app', appSide.next - 1);
      const bareCheck = await subscribers.check('bare', bareSide.next - 1);
      const evenlySpread = spreadIsEven(spread.app, appCount) && spreadIsEven(spread.bare, bareCount);
      const lastReceipt = (updates: UpdateTimes[]) => summarizeLatencies(updates.map(answerToLastReceiptMs));
      // For context, not judged: from sending the bid (or the broadcast request) to the last receipt,
      // which also counts what the answer itself took (the bid's commit, or a bare PUBLISH).
      const fromSend = (updates: UpdateTimes[]) =>
        summarizeLatencies(updates.map((u) => Math.max(...u.arrivals) - u.sentAt));

      return {
        value: null,
        ceiling: null,
        rounds: roundFigures,
        invariantHeld:
          appCheck.everyUpdateInOrder &&
          bareCheck.everyUpdateInOrder &&
          appCount === subscriberCount &&
          bareCount === subscriberCount,
        detail: {
          unit: 'ms',
          subscribers: subscriberCount,
          instances: INSTANCES,
          updatesPerSidePerRound: UPDATES_PER_ROUND,
          // Sockets on each instance as HAProxy counted them once everyone had connected.
          subscribersPerInstance: spread,
          evenlySpread,
          app: {
            answerToLastReceiptMs: lastReceipt(all.app),
            sendToLastReceiptMs: fromSend(all.app),
            everyUpdateInOrder: appCheck.everyUpdateInOrder,
            missing: appCheck.missing,
          },
          bareWs: {
            answerToLastReceiptMs: lastReceipt(all.bare),
            sendToLastReceiptMs: fromSend(all.bare),
            everyUpdateInOrder: bareCheck.everyUpdateInOrder,
            missing: bareCheck.missing,
          },
        },
      };
    } finally {
      await subscribers.close();
      for (const server of servers) await server.stop();
      for (const balancer of balancers) await balancer.close();
    }
  },
};

/**
 * Each side's HAProxy holds two descriptors per subscriber (client and instance), and the
 * generator one per subscriber of both sides: 15,000 per side need about 32,000. Refused at once
 * with what to do, rather than failing half-connected.
 */
function assertFileLimit(subscribers: number): void {
  const needed = 2 * subscribers + 2000;
  const limit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
  if (Number.isFinite(limit) && limit < needed) {
    throw new Error(
      `fanout-redis with ${subscribers} subscribers per side needs an open-file limit of ${needed} or more ` +
        `(HAProxy holds two descriptors per socket); this process has ${limit}. Raise the hard limit (ulimit -Hn).`,
    );
  }
}

async function assertRedisAnswers(url: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    throw new Error(`fanout-redis needs Redis at ${url} (BENCH_REDIS_URL): ${String(err)}`, { cause: err });
  } finally {
    client.disconnect();
  }
}

/**
 * Sends updates `from`..`to` one at a time, each once every subscriber has the previous one (or it
 * timed out), and returns each update's answer time and arrivals on the shared clock.
 */
async function runUpdates(
  subscribers: SubscriberThreads,
  side: Side,
  from: number,
  to: number,
  send: (n: number) => Promise<void>,
): Promise<UpdateTimes[]> {
  const sentAt = new Map<number, number>();
  const answeredAt = new Map<number, number>();
  for (let n = from; n <= to; n += 1) {
    const arrived = subscribers.allReceived(side, n);
    arrived.catch(() => undefined);
    sentAt.set(n, sharedClockMs());
    await send(n);
    answeredAt.set(n, sharedClockMs());
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, UPDATE_TIMEOUT_MS))]);
    // A pause, so each update is delivered on a quiet system rather than behind the last one.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (await subscribers.arrivals(side, from, to)).map(({ n, byInstance }) => ({
    n,
    sentAt: sentAt.get(n)!,
    answeredAt: answeredAt.get(n)!,
    arrivals: byInstance.flat(),
  }));
}
