import { HAS_MORE_HEADER, parseMoneyToCents } from '@bid/contract';
import { HttpConnection } from '../../bench/lib/http.js';
import type { Acknowledged } from './load-user.js';
import type { LoadWorld } from './load-world.js';

/** One "nothing lost" check: how many things it looked at and what it found wrong (kept short). */
export interface CheckResult {
  name: string;
  checked: number;
  problems: number;
  examples: string[];
}

const EXAMPLES_KEPT = 5;

function check(name: string, checked: number, problems: string[]): CheckResult {
  return { name, checked, problems: problems.length, examples: problems.slice(0, EXAMPLES_KEPT) };
}

const cents = (value: string) => parseMoneyToCents(value) ?? Number.NaN;
const dollars = (amountCents: number | undefined) =>
  amountCents === undefined ? 'none' : (amountCents / 100).toFixed(2);

interface StoredBid {
  id: string;
  auction_id: string;
  bidder_id: string;
  amount: string;
}

/** Counts each key of a list of keys (a multiset). */
function countKeys(keys: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** The keys whose counts differ between `expected` and `actual`, as readable lines. */
function multisetDifference(expected: Map<string, number>, actual: Map<string, number>): string[] {
  const problems: string[] = [];
  for (const key of new Set([...expected.keys(), ...actual.keys()])) {
    const want = expected.get(key) ?? 0;
    const got = actual.get(key) ?? 0;
    if (want !== got) problems.push(`${key}: expected ${want}, found ${got}`);
  }
  return problems;
}

/**
 * After the run, with the app instances still up: every acknowledged write is where it should be.
 * The bids checked are all the bids in the database: the seeded marketplace has none, so every
 * row is one the load placed, acknowledged or not.
 */
export async function checkNothingLost(world: LoadWorld, acknowledged: Acknowledged): Promise<CheckResult[]> {
  const pool = world.database.pool;
  const { rows: storedBids } = await pool.query<StoredBid>(
    'SELECT id, auction_id, bidder_id, amount::text AS amount FROM bids ORDER BY auction_id, created_at, id',
  );
  const { rows: storedMessages } = await pool.query<{
    id: string;
    conversation_id: string;
    sender_id: string;
    receiver_id: string;
    content: string;
  }>('SELECT id, conversation_id, sender_id, receiver_id, content FROM messages');

  return [
    checkAckedBidsStored(storedBids, acknowledged),
    checkUnacknowledgedBids(storedBids, acknowledged),
    checkBidsRise(storedBids),
    await checkAuctionPrices(world, storedBids, acknowledged),
    await checkBidNotifications(world, storedBids),
    checkAckedMessagesStored(storedMessages, acknowledged),
    check(
      'stored messages without an acknowledgement (only possible when a send got no answer)',
      storedMessages.length,
      storedMessages.length - acknowledged.messages.length > acknowledged.unansweredMessages
        ? [`${storedMessages.length} stored, ${acknowledged.messages.length} acknowledged`]
        : [],
    ),
    await checkMessageNotifications(world, storedMessages, acknowledged),
    await checkMessagesReadable(world, acknowledged),
  ];
}

function checkAckedBidsStored(stored: readonly StoredBid[], acknowledged: Acknowledged): CheckResult {
  const byId = new Map(stored.map((b) => [b.id, b]));
  const problems: string[] = [];
  for (const bid of acknowledged.bids) {
    const row = byId.get(bid.id);
    if (!row) problems.push(`bid ${bid.id} acknowledged but not stored`);
    else if (
      row.auction_id !== bid.auctionId ||
      row.bidder_id !== bid.bidderId ||
      cents(row.amount) !== bid.amountCents
    )
      problems.push(`bid ${bid.id} stored as ${row.auction_id}/${row.bidder_id}/${row.amount}, acknowledged otherwise`);
  }
  return check('acknowledged bids stored with their auction, bidder and amount', acknowledged.bids.length, problems);
}

/** A stored bid nobody was told about is only possible when the answer to its request was lost. */
function checkUnacknowledgedBids(stored: readonly StoredBid[], acknowledged: Acknowledged): CheckResult {
  const ackedIds = new Set(acknowledged.bids.map((b) => b.id));
  const extra = stored.filter((b) => !ackedIds.has(b.id));
  const problems =
    extra.length > acknowledged.unansweredBids
      ? extra.map((b) => `bid ${b.id} stored but never acknowledged (${acknowledged.unansweredBids} unanswered)`)
      : [];
  return check(
    'stored bids without an acknowledgement (only possible when a bid got no answer)',
    stored.length,
    problems,
  );
}

/** Per auction, in acceptance order, every accepted bid beats the one before (docs/product.md §5). */
function checkBidsRise(stored: readonly StoredBid[]): CheckResult {
  const problems: string[] = [];
  for (const bids of groupBy(stored, (b) => b.auction_id).values()) {
    for (let i = 1; i < bids.length; i += 1) {
      if (cents(bids[i]!.amount) < cents(bids[i - 1]!.amount) + 100)
        problems.push(`auction ${bids[i]!.auction_id}: ${bids[i - 1]!.amount} then ${bids[i]!.amount}`);
    }
  }
  return check('accepted bids on an auction rise by at least $1', stored.length, problems);
}

/** current_bid = the highest acknowledged bid; bid_count = the count before + the bids stored. */
async function checkAuctionPrices(
  world: LoadWorld,
  stored: readonly StoredBid[],
  acknowledged: Acknowledged,
): Promise<CheckResult> {
  const touched = groupBy(stored, (b) => b.auction_id);
  const highestAcked = new Map<string, number>();
  for (const bid of acknowledged.bids) {
    highestAcked.set(bid.auctionId, Math.max(highestAcked.get(bid.auctionId) ?? 0, bid.amountCents));
  }
  const { rows } = await world.database.pool.query<{ id: string; current_bid: string; bid_count: number }>(
    'SELECT id, current_bid::text AS current_bid, bid_count FROM auctions WHERE id = ANY($1::uuid[])',
    [[...new Set([...touched.keys(), ...highestAcked.keys()])]],
  );
  const problems: string[] = [];
  for (const row of rows) {
    const bids = touched.get(row.id) ?? [];
    const highestStored = Math.max(...bids.map((b) => cents(b.amount)));
    const acked = highestAcked.get(row.id);
    // Unacknowledged stored bids (lost answers) may legitimately top the acknowledged ones.
    const expected = acknowledged.unansweredBids === 0 && acked !== undefined ? acked : highestStored;
    if (cents(row.current_bid) !== expected || cents(row.current_bid) !== highestStored)
      problems.push(
        `auction ${row.id}: current ${row.current_bid}, highest acknowledged ${dollars(acked)}, stored ${dollars(highestStored)}`,
      );
    const countBefore = world.bidCountBefore.get(row.id) ?? 0;
    if (Number(row.bid_count) !== countBefore + bids.length)
      problems.push(`auction ${row.id}: bid_count ${row.bid_count}, expected ${countBefore} + ${bids.length}`);
  }
  return check(
    'auction current price = highest acknowledged bid, bid count = before + accepted',
    rows.length,
    problems,
  );
}

/**
 * What the bid function promises (migration 0008): each accepted bid notifies the host
 * ('bid_received', from the bidder) and the previous leader ('outbid', by the new bidder) unless
 * they outbid themselves. Expected from the bids, in acceptance order; compared as multisets.
 */
async function checkBidNotifications(world: LoadWorld, stored: readonly StoredBid[]): Promise<CheckResult> {
  const { rows: hosts } = await world.database.pool.query<{ id: string; creator_id: string }>(
    'SELECT id, creator_id FROM auctions WHERE id = ANY($1::uuid[])',
    [[...new Set(stored.map((b) => b.auction_id))]],
  );
  const hostOf = new Map(hosts.map((h) => [h.id, h.creator_id]));
  const expected: string[] = [];
  for (const [auctionId, bids] of groupBy(stored, (b) => b.auction_id)) {
    bids.forEach((bid, i) => {
      expected.push(`bid_received to ${hostOf.get(auctionId)} on ${auctionId} from ${bid.bidder_id}`);
      const previous = bids[i - 1];
      if (previous && previous.bidder_id !== bid.bidder_id)
        expected.push(`outbid to ${previous.bidder_id} on ${auctionId} by ${bid.bidder_id}`);
    });
  }
  const { rows } = await world.database.pool.query<{
    type: string;
    user_id: string;
    related_auction_id: string;
    related_user_id: string;
  }>(
    `SELECT type, user_id, related_auction_id, related_user_id FROM notifications
     WHERE type IN ('bid_received', 'outbid')`,
  );
  const actual = rows.map((n) =>
    n.type === 'outbid'
      ? `outbid to ${n.user_id} on ${n.related_auction_id} by ${n.related_user_id}`
      : `bid_received to ${n.user_id} on ${n.related_auction_id} from ${n.related_user_id}`,
  );
  return check(
    `bid_received and outbid notifications (${expected.filter((e) => e.startsWith('outbid')).length} outbid expected)`,
    expected.length,
    multisetDifference(countKeys(expected), countKeys(actual)),
  );
}

function checkAckedMessagesStored(
  stored: ReadonlyArray<{
    id: string;
    conversation_id: string;
    sender_id: string;
    receiver_id: string;
    content: string;
  }>,
  acknowledged: Acknowledged,
): CheckResult {
  const byId = new Map(stored.map((m) => [m.id, m]));
  const problems: string[] = [];
  for (const message of acknowledged.messages) {
    const row = byId.get(message.id);
    if (!row) problems.push(`message ${message.id} acknowledged but not stored`);
    else if (
      row.conversation_id !== message.conversationId ||
      row.sender_id !== message.senderId ||
      row.receiver_id !== message.receiverId ||
      row.content !== message.content
    )
      problems.push(`message ${message.id} stored differently from what was acknowledged`);
  }
  return check('acknowledged messages stored as sent', acknowledged.messages.length, problems);
}

/**
 * Each message, acknowledged or stored, notified its receiver once ('message_received', from the
 * sender): the message and its notification commit in one transaction.
 */
async function checkMessageNotifications(
  world: LoadWorld,
  stored: ReadonlyArray<{ id: string; sender_id: string; receiver_id: string }>,
  acknowledged: Acknowledged,
): Promise<CheckResult> {
  const { rows } = await world.database.pool.query<{ user_id: string; related_user_id: string }>(
    "SELECT user_id, related_user_id FROM notifications WHERE type = 'message_received'",
  );
  const pairs = new Map(stored.map((m) => [m.id, { receiver: m.receiver_id, sender: m.sender_id }]));
  for (const m of acknowledged.messages) pairs.set(m.id, { receiver: m.receiverId, sender: m.senderId });
  const expected = [...pairs.values()].map((m) => `message_received to ${m.receiver} from ${m.sender}`);
  const actual = rows.map((n) => `message_received to ${n.user_id} from ${n.related_user_id}`);
  return check(
    'message_received notifications',
    expected.length,
    multisetDifference(countKeys(expected), countKeys(actual)),
  );
}

/**
 * Every acknowledged message is readable through the API by the other party (and its sender),
 * whichever instance they ask: the load went through HAProxy, so each participant pages through
 * the whole conversation on every instance directly.
 */
async function checkMessagesReadable(world: LoadWorld, acknowledged: Acknowledged): Promise<CheckResult> {
  const byConversation = groupBy(acknowledged.messages, (m) => m.conversationId);
  const userById = new Map(world.users.map((u) => [u.member.id, u]));
  const problems: string[] = [];
  let reads = 0;
  for (const [conversationId, messages] of byConversation) {
    const participants = new Set(messages.flatMap((m) => [m.senderId, m.receiverId]));
    for (const participantId of participants) {
      const user = userById.get(participantId)!;
      for (const server of world.servers) {
        const seen = await readWholeConversation(server.url, user.member.cookie, conversationId);
        reads += 1;
        if (!seen) {
          problems.push(`${conversationId} could not be read by ${participantId} on ${server.url}`);
          continue;
        }
        for (const m of messages) {
          if (!seen.has(m.id)) problems.push(`message ${m.id} not readable by ${participantId} on ${server.url}`);
        }
      }
    }
  }
  return check(
    `acknowledged messages readable by both participants on every instance (${reads} conversation reads)`,
    acknowledged.messages.length,
    problems,
  );
}

/** The ids of every message of a conversation, oldest page last, following `before` cursors. */
async function readWholeConversation(baseUrl: string, cookie: string, conversationId: string) {
  const connection = new HttpConnection(baseUrl, cookie);
  const seen = new Set<string>();
  try {
    let before: string | undefined;
    for (let page = 0; page < 1000; page += 1) {
      const query = before ? `?before=${before}` : '';
      const answer = await connection.get(`/api/conversations/${conversationId}/messages${query}`);
      if (answer.status !== 200) return undefined;
      const items = JSON.parse(answer.body) as Array<{ id: string }>;
      for (const item of items) seen.add(item.id);
      if (answer.headers[HAS_MORE_HEADER.toLowerCase()] !== 'true' || items.length === 0) break;
      before = items[0]!.id;
    }
    return seen;
  } finally {
    connection.close();
  }
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key) ?? [];
    group.push(item);
    groups.set(key, group);
  }
  return groups;
}
