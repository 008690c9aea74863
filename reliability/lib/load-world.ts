import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '../../bench/lib/database.js';
import { Marketplace } from '../../bench/lib/marketplace.js';
import { addSandboxCards, createMembers, type Member } from '../../bench/lib/members.js';
import { APP_POOL_SIZE, freePort, startServer, type RunningServer } from '../../bench/lib/servers.js';
import { auctionConversationId } from '@bid/contract';
import { HAPROXY_INSTANCES, startHaproxy, type Haproxy } from './haproxy.js';

/** An auction chat a load user may write in: they and `otherId` are its host and winner (docs/product.md §1). */
export interface Conversation {
  conversationId: string;
  otherId: string;
}

export interface LoadUser {
  index: number;
  member: Member;
  /** The app instance this person's browser talks to. */
  baseUrl: string;
  conversations: Conversation[];
}

export interface LoadWorld {
  database: ScratchDatabase;
  servers: RunningServer[];
  /** HAProxy (deploy/haproxy.cfg) in front of the servers: every user goes through it. */
  haproxy: Haproxy;
  users: LoadUser[];
  /** Words people type into search, taken from seeded titles and names so searches find something. */
  searchWords: string[];
  /** Auction id -> bid count before the run, to check the count each accepted bid adds. */
  bidCountBefore: Map<string, number>;
  marketplace: { users: number; auctions: number; openAuctions: number };
  close(): Promise<void>;
}

/** Enough rows that lists page through an index and search scans a real trigram index. */
const MARKETPLACE_USERS = 5000;
const MARKETPLACE_AUCTIONS = 5000;
const APP_INSTANCES = HAPROXY_INSTANCES;

/**
 * A scratch database seeded with a marketplace, `userCount` signed-in members with saved cards,
 * a won auction between each pair of members (so the two may message each other, docs/product.md §1), and
 * two app instances on that one database with their background jobs on, behind HAProxy with the
 * repository's config (no sticky sessions), through which every user goes.
 */
export async function buildWorld(input: {
  serverUrl: string;
  userCount: number;
  log: (line: string) => void;
}): Promise<LoadWorld> {
  const database = await createScratchDatabase(input.serverUrl, 'load');
  const servers: RunningServer[] = [];
  let haproxy: Haproxy | undefined;
  const close = async () => {
    await haproxy?.close().catch(() => undefined);
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await database.drop().catch((error: unknown) => input.log(`could not drop ${database.name}: ${String(error)}`));
  };
  try {
    const started = Date.now();
    const market = new Marketplace(database.pool);
    await market.grow({ users: MARKETPLACE_USERS, auctions: MARKETPLACE_AUCTIONS });
    const sessionSecret = randomBytes(32).toString('hex');
    const members = await createMembers(database.pool, { count: input.userCount, sessionSecret, label: 'Load' });
    const conversationsOf = await seedWonAuctions(database, members);
    input.log(`seeded ${database.name} in ${Math.round((Date.now() - started) / 1000)} s`);

    const ports: number[] = [];
    for (let i = 0; i < APP_INSTANCES; i += 1) ports.push(await freePort());
    haproxy = await startHaproxy(ports, path.join(os.tmpdir(), `bid-load-haproxy-${process.pid}.log`));
    for (const port of ports) {
      servers.push(
        await startServer({
          kind: 'app',
          databaseUrl: database.url,
          port,
          sessionSecret,
          poolSize: APP_POOL_SIZE,
          serveWeb: false,
          publicUrl: haproxy.url,
          trustProxy: '1',
        }),
      );
    }
    await Promise.all(['app1', 'app2'].map((server) => haproxy!.waitFor(server, 'UP')));
    const cardsAdded = await addSandboxCards(haproxy.url, members);
    input.log(
      `${APP_INSTANCES} app instances up behind HAProxy at ${haproxy.url}; ${members.length} members` +
        (cardsAdded ? ' with sandbox cards' : ''),
    );

    const users = members.map((member, index) => ({
      index,
      member,
      baseUrl: haproxy!.url,
      conversations: conversationsOf.get(member.id) ?? [],
    }));
    return {
      database,
      servers,
      haproxy,
      users,
      searchWords: await readSearchWords(database),
      bidCountBefore: await readBidCounts(database),
      marketplace: await countMarketplace(database),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Member 2k hosted an auction that member 2k+1 won (closed a day ago, as the closing job leaves
 * it), so each pair has the one conversation the product allows between strangers: the auction
 * chat of host and winner. Inserted in SQL: winning through the app would need the auction to end.
 */
async function seedWonAuctions(database: ScratchDatabase, members: readonly Member[]) {
  const conversationsOf = new Map<string, Conversation[]>();
  const pairs: Array<[Member, Member]> = [];
  for (let i = 0; i + 1 < members.length; i += 2) pairs.push([members[i]!, members[i + 1]!]);
  if (pairs.length === 0) return conversationsOf;
  const { rows } = await database.pool.query<{ id: string; creator_id: string; winner_id: string }>(
    `INSERT INTO auctions (creator_id, winner_id, title, description, date_type, location, starting_bid, current_bid,
                           expected_duration, end_time, is_active, closed_at, bid_count)
     SELECT host, winner, 'Coffee after the load test', 'Already won: host and winner chat.', 'coffee',
            'Austin, TX', 10, 25, 60, now() - interval '1 day', false, now() - interval '1 day', 1
     FROM unnest($1::uuid[], $2::uuid[]) AS t(host, winner)
     RETURNING id, creator_id, winner_id`,
    [pairs.map(([host]) => host.id), pairs.map(([, winner]) => winner.id)],
  );
  for (const row of rows) {
    const conversationId = auctionConversationId(row.id, row.creator_id, row.winner_id);
    for (const [self, other] of [
      [row.creator_id, row.winner_id],
      [row.winner_id, row.creator_id],
    ] as const) {
      const list = conversationsOf.get(self) ?? [];
      list.push({ conversationId, otherId: other });
      conversationsOf.set(self, list);
    }
  }
  return conversationsOf;
}

const STOP_WORDS = new Set(['with', 'from', 'then', 'that', 'this', 'your', 'after', 'over', 'into', 'some']);

async function readSearchWords(database: ScratchDatabase): Promise<string[]> {
  const titles = await database.pool.query<{ title: string }>(
    'SELECT title FROM auctions WHERE is_active ORDER BY id LIMIT 2000',
  );
  const names = await database.pool.query<{ first_name: string }>(
    'SELECT DISTINCT first_name FROM users WHERE first_name IS NOT NULL ORDER BY first_name LIMIT 200',
  );
  const words = new Set<string>();
  for (const { title } of titles.rows) {
    for (const word of title.toLowerCase().split(/[^a-z]+/)) {
      if (word.length >= 4 && !STOP_WORDS.has(word)) words.add(word);
    }
  }
  for (const { first_name: name } of names.rows) if (!name.startsWith('Load')) words.add(name);
  return [...words];
}

async function readBidCounts(database: ScratchDatabase): Promise<Map<string, number>> {
  const { rows } = await database.pool.query<{ id: string; bid_count: number }>('SELECT id, bid_count FROM auctions');
  return new Map(rows.map((r) => [r.id, Number(r.bid_count)]));
}

async function countMarketplace(database: ScratchDatabase) {
  const { rows } = await database.pool.query<{ users: string; auctions: string; open: string }>(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM auctions) AS auctions,
            (SELECT count(*) FROM auctions WHERE is_active AND end_time > now()) AS open`,
  );
  const row = rows[0]!;
  return { users: Number(row.users), auctions: Number(row.auctions), openAuctions: Number(row.open) };
}
