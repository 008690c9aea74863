import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { addSandboxCards } from '../../bench/lib/members.js';
import {
  check,
  envNumber,
  secondsSince,
  seedMembers,
  sleep,
  startDeployment,
  type Check,
  type Member,
  type ScenarioResult,
} from './faults-common.js';

/**
 * The closing job killed mid-way: auctions past their end are seeded while no instance runs;
 * the first instance's lifecycle job starts closing them and is SIGKILLed once some but not
 * all are closed; a fresh instance finishes. Every auction must end closed, with exactly one
 * charge (when it had bids), one notice of each kind per recipient, and a balanced ledger.
 */
export async function closingJobKilled(): Promise<ScenarioResult> {
  const started = performance.now();
  const auctionCount = envNumber('FAULTS_CLOSING_AUCTIONS', 200);
  const hostCount = 10;
  const bidderCount = 30;
  const settleTimeoutMs = envNumber('FAULTS_CLOSING_TIMEOUT_SECONDS', 150) * 1000;

  const deployment = await startDeployment('closing-job-killed');
  const { pool } = deployment;
  const members = await seedMembers(deployment, hostCount + bidderCount, 'Closer');
  const hosts = members.slice(0, hostCount);
  const bidders = members.slice(hostCount);
  // Cards need the app's routes; this instance is stopped before any auction exists.
  const carding = await deployment.startInstance('cards');
  await addSandboxCards(carding.url, bidders);
  await carding.stop();
  const seeded = await seedEndedAuctions(pool, hosts, bidders, auctionCount);

  // First instance: kill it as soon as its lifecycle job closed some but not all auctions.
  let killedAtClosed = -1;
  let victimPid = 0;
  const watchDeadline = Date.now() + 90_000;
  const watch = (async () => {
    while (killedAtClosed < 0) {
      if (Date.now() > watchDeadline) throw new Error('the first instance closed nothing within 90 s');
      const closed = await closedCount(pool);
      if (closed > 0 && victimPid > 0) {
        process.kill(victimPid, 'SIGKILL');
        killedAtClosed = closed;
        return;
      }
      await sleep(5);
    }
  })();
  const victim = await deployment.startInstance('first', { onSpawn: (pid) => (victimPid = pid) }).catch((err) => {
    // Killed before it reported ready (the job may close auctions while the app boots).
    if (killedAtClosed >= 0) return null;
    throw err;
  });
  await watch;
  if (victim) await victim.kill('SIGKILL');
  await sleep(200);
  const closedAfterKill = await closedCount(pool);
  const chargesAtKill = await countRows(pool, 'SELECT count(*)::int AS n FROM charges');

  // A fresh instance finishes the work.
  const secondStarted = performance.now();
  const survivor = await deployment.startInstance('second');
  const settled = await waitUntilSettled(pool, settleTimeoutMs);
  const settleMs = Math.round(performance.now() - secondStarted);
  await survivor.stop();

  const checks: Check[] = [
    check(
      'the first instance was killed mid-way',
      closedAfterKill > 0 && closedAfterKill < auctionCount,
      `${closedAfterKill}/${auctionCount} closed when it was killed (seen ${killedAtClosed} just before the kill); ` +
        'if all were closed, raise FAULTS_CLOSING_AUCTIONS',
    ),
    check(
      'the second instance settled everything',
      settled.ok,
      settled.ok
        ? `all closed and charged in ${settleMs} ms (${settled.lapsedClaims} claims of the killed instance lapsed)`
        : settled.detail,
    ),
    ...(await checkOutcomes(pool, seeded)),
  ];
  return {
    name: 'closing-job-killed',
    injected: `SIGKILL of the only app instance while its lifecycle job closed ${auctionCount} ended auctions; then a fresh instance`,
    checks,
    counts: {
      auctions: auctionCount,
      withBids: seeded.withBids,
      bids: seeded.bids,
      closedWhenKilled: closedAfterKill,
      chargesWhenKilled: chargesAtKill,
      claimsLapsed: settled.lapsedClaims,
    },
    timingsMs: { secondInstanceSettled: settleMs },
    seconds: secondsSince(started),
    held: checks.every((c) => c.held),
    logs: [victim?.logFile, survivor.logFile].filter((f): f is string => Boolean(f)),
  };
}

async function countRows(pool: pg.Pool, sql: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(sql);
  return rows[0]!.n;
}

const closedCount = (pool: pg.Pool) =>
  countRows(pool, 'SELECT count(*)::int AS n FROM auctions WHERE closed_at IS NOT NULL');

/**
 * `count` auctions that ended a minute ago, still open (the job has not run), 4 in 5 with two
 * to four bids from different members with cards, rising; current price and count as the bid
 * statement keeps them.
 */
async function seedEndedAuctions(pool: pg.Pool, hosts: Member[], bidders: Member[], count: number) {
  const auctionIds: string[] = [];
  const bidRows: Array<{ auction: string; bidder: string; amount: number; offsetSeconds: number }> = [];
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO auctions (creator_id, title, description, date_type, location, starting_bid, current_bid,
                           expected_duration, end_time, created_at)
     SELECT ($1::uuid[])[1 + (n % array_length($1::uuid[], 1))], 'Closing auction ' || n,
            'Ended while the servers were down.', 'coffee', 'Austin, TX', 10, 10, 60,
            now() - interval '1 minute', now() - interval '2 days'
     FROM generate_series(1, $2::int) AS n
     RETURNING id`,
    [hosts.map((h) => h.id), count],
  );
  rows.forEach((row, i) => {
    auctionIds.push(row.id);
    if (i % 5 === 4) return;
    const n = 2 + (i % 3);
    for (let k = 0; k < n; k += 1) {
      const bidder = bidders[(i * 7 + k * 3) % bidders.length]!;
      bidRows.push({ auction: row.id, bidder: bidder.id, amount: 10 + k * 5 + (i % 4), offsetSeconds: 3600 - k * 60 });
    }
  });
  await pool.query(
    `INSERT INTO bids (auction_id, bidder_id, amount, created_at)
     SELECT a, b, m, now() - make_interval(secs => s)
     FROM unnest($1::uuid[], $2::uuid[], $3::numeric[], $4::int[]) AS t(a, b, m, s)`,
    [
      bidRows.map((r) => r.auction),
      bidRows.map((r) => r.bidder),
      bidRows.map((r) => r.amount),
      bidRows.map((r) => r.offsetSeconds),
    ],
  );
  await pool.query(
    `UPDATE auctions a SET current_bid = t.top, bid_count = t.n
     FROM (SELECT auction_id, max(amount) AS top, count(*)::int AS n FROM bids GROUP BY auction_id) t
     WHERE t.auction_id = a.id`,
  );
  return { auctionIds, withBids: new Set(bidRows.map((r) => r.auction)).size, bids: bidRows.length };
}

/**
 * Waits until no auction is open and no charge is pending or processing. A charge the killed
 * instance had claimed stays 'processing' until its claim lapses (CHARGE_LOCK_MINUTES, 5 min);
 * once nothing else moves, the claim's expiry is brought forward (what waiting would do), so
 * the survivor takes it over with the same idempotency key.
 */
async function waitUntilSettled(pool: pg.Pool, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let lapsedClaims = 0;
  let last = '';
  let stillSince = Date.now();
  while (Date.now() < deadline) {
    const { rows } = await pool.query<{ open: number; waiting: number; processing: number }>(
      `SELECT (SELECT count(*)::int FROM auctions WHERE closed_at IS NULL OR is_active) AS open,
              (SELECT count(*)::int FROM charges WHERE status = 'pending') AS waiting,
              (SELECT count(*)::int FROM charges WHERE status = 'processing') AS processing`,
    );
    const state = rows[0]!;
    if (state.open === 0 && state.waiting === 0 && state.processing === 0)
      return { ok: true, lapsedClaims, detail: '' };
    const key = JSON.stringify(state);
    if (key !== last) {
      last = key;
      stillSince = Date.now();
    } else if (state.open === 0 && state.waiting === 0 && Date.now() - stillSince > 6_000) {
      const moved = await pool.query(
        `UPDATE charges SET locked_until = now() - interval '1 second' WHERE status = 'processing' AND locked_until > now()`,
      );
      lapsedClaims += moved.rowCount ?? 0;
      stillSince = Date.now();
    }
    await sleep(250);
  }
  return { ok: false, lapsedClaims, detail: `not settled in time: ${last}` };
}

async function checkOutcomes(pool: pg.Pool, seeded: { auctionIds: string[] }): Promise<Check[]> {
  const ids = seeded.auctionIds;
  const one = async (sql: string) => (await pool.query<{ n: number }>(sql, [ids])).rows[0]!.n;
  const open = await one(
    `SELECT count(*)::int AS n FROM auctions WHERE id = ANY($1) AND (is_active OR closed_at IS NULL)`,
  );
  const wrongWinner = await one(
    `SELECT count(*)::int AS n FROM auctions a
     LEFT JOIN LATERAL (SELECT bidder_id FROM bids b WHERE b.auction_id = a.id
                        ORDER BY amount DESC, created_at ASC, id ASC LIMIT 1) w ON true
     WHERE a.id = ANY($1) AND a.winner_id IS DISTINCT FROM w.bidder_id`,
  );
  const badCharges = await one(
    `SELECT count(*)::int AS n FROM auctions a
     WHERE a.id = ANY($1)
       AND (SELECT count(*) FROM charges c WHERE c.auction_id = a.id) <> (CASE WHEN a.winner_id IS NULL THEN 0 ELSE 1 END)`,
  );
  const wrongAmount = await one(
    `SELECT count(*)::int AS n FROM charges c JOIN auctions a ON a.id = c.auction_id
     WHERE a.id = ANY($1) AND (c.amount <> a.current_bid OR c.payer_id <> a.winner_id OR c.status <> 'succeeded')`,
  );
  const payments = await one(
    `SELECT count(*)::int AS n FROM charges c
     WHERE c.auction_id = ANY($1)
       AND (SELECT count(*) FROM sandbox_payments p WHERE p.idempotency_key LIKE 'charge:' || c.id || ':%') <> 1`,
  );
  const bookings = await one(
    `SELECT count(*)::int AS n FROM charges c
     WHERE c.auction_id = ANY($1)
       AND (SELECT count(*) FROM ledger_transactions t WHERE t.charge_id = c.id AND t.kind = 'charge') <> 1`,
  );
  const hostNotices = await one(
    `SELECT count(*)::int AS n FROM auctions a WHERE a.id = ANY($1)
       AND (SELECT count(*) FROM notifications n WHERE n.related_auction_id = a.id AND n.type = 'auction_ended'
              AND n.user_id = a.creator_id) <> 1`,
  );
  const winnerNotices = await one(
    `SELECT count(*)::int AS n FROM auctions a WHERE a.id = ANY($1)
       AND (SELECT count(*) FROM notifications n WHERE n.related_auction_id = a.id AND n.type = 'auction_won')
           <> (CASE WHEN a.winner_id IS NULL THEN 0 ELSE 1 END)`,
  );
  const loserNotices = await one(
    `SELECT count(*)::int AS n FROM (
       SELECT a.id, b.bidder_id,
              (SELECT count(*) FROM notifications n WHERE n.related_auction_id = a.id AND n.type = 'auction_lost'
                 AND n.user_id = b.bidder_id) AS got
       FROM auctions a JOIN (SELECT DISTINCT auction_id, bidder_id FROM bids) b ON b.auction_id = a.id
       WHERE a.id = ANY($1) AND b.bidder_id <> a.winner_id) x
     WHERE got <> 1`,
  );
  const duplicateNotices = await one(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM notifications WHERE related_auction_id = ANY($1)
       GROUP BY user_id, type, related_auction_id HAVING count(*) > 1) d`,
  );
  const { rows: ledger } = await pool.query<{ unbalanced: number; total: string; entries: number }>(
    `SELECT (SELECT count(*)::int FROM (
               SELECT t.id FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
               GROUP BY t.id HAVING count(e.id) < 2 OR sum(e.amount) <> 0) u) AS unbalanced,
            (SELECT coalesce(sum(amount), 0)::text FROM ledger_entries) AS total,
            (SELECT count(*)::int FROM ledger_entries) AS entries`,
  );
  const l = ledger[0]!;
  return [
    check('no auction left open', open === 0, `${open} open of ${ids.length}`),
    check('each winner is the highest (earliest) bidder', wrongWinner === 0, `${wrongWinner} wrong`),
    check('exactly one charge per won auction, none without a winner', badCharges === 0, `${badCharges} auctions off`),
    check('each charge is the winning bid, to the winner, succeeded', wrongAmount === 0, `${wrongAmount} off`),
    check(
      'the provider charged each charge exactly once',
      payments === 0,
      `${payments} charges without exactly one payment`,
    ),
    check('each charge is booked exactly once in the ledger', bookings === 0, `${bookings} charges off`),
    check('one "auction ended" notice to each host', hostNotices === 0, `${hostNotices} auctions off`),
    check('one "you won" notice per won auction', winnerNotices === 0, `${winnerNotices} auctions off`),
    check(
      'one "auction ended" notice to each losing bidder',
      loserNotices === 0,
      `${loserNotices} (auction, bidder) off`,
    ),
    check('no notice sent twice (user, type, auction)', duplicateNotices === 0, `${duplicateNotices} duplicated`),
    check(
      'ledger balanced (every transaction sums to zero, so does the ledger)',
      l.unbalanced === 0 && Number(l.total) === 0,
      `${l.unbalanced} unbalanced transactions; ${l.entries} entries sum to ${l.total}`,
    ),
  ];
}
