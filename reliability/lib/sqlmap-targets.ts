/**
 * The throwaway world sqlmap attacks, and the injection points it attacks in it. Every base
 * request is built to reach the database with real ids, so a payload that slipped through the
 * app's parsing would land in a statement that returns rows; and every base answer is
 * deterministic, so sqlmap's boolean comparisons see no noise from the app itself.
 */
import { randomUUID } from 'node:crypto';
import { AUCTION_SORTS, DATE_TYPES, directConversationId, LOCATION_FILTERS, PRICE_RANGES } from '@bid/contract';
import type pg from 'pg';
import { Marketplace } from '../../bench/lib/marketplace.js';
import { HttpConnection } from '../../bench/lib/http.js';
import { addSandboxCards, createMembers, type Member } from '../../bench/lib/members.js';
import type { SqlmapJob } from './sqlmap-runner.js';

export interface SqlmapWorld {
  /** The member every authenticated request is made as. */
  member: Member;
  /** Someone the member has a conversation with. */
  other: Member;
  /** An open auction by someone else (the member may bid on it). */
  auctionId: string;
  conversationId: string;
  messageId: string;
  /** An auction the member won by buy-now: it has a date plan, and the member a charge. */
  wonAuctionId: string;
  /** The member's charge for the won auction. */
  paymentId: string;
  /** A word that occurs in seeded auction titles, so search has rows to return. */
  searchWord: string;
}

/**
 * A small marketplace (enough rows for search and the list to return pages), two signed-in
 * members, a card on file for the bidder (a bid reaches the amount check only with one), and one
 * direct conversation between them.
 */
export async function seedWorld(pool: pg.Pool, baseUrl: string, sessionSecret: string): Promise<SqlmapWorld> {
  // 400 auctions: enough that the member's own filter set (within 100 miles of Austin, coffee,
  // under $50) still returns rows, so a payload that changed the filter would change the page.
  await new Marketplace(pool).grow({ users: 100, auctions: 400 });
  const [member, other] = await createMembers(pool, { count: 2, sessionSecret, label: 'Sqlmap' });
  if (!member || !other) throw new Error('could not create the sqlmap members');
  if (!(await addSandboxCards(baseUrl, [member]))) throw new Error('the sandbox card routes are missing');

  const { rows: auctions } = await pool.query<{ id: string }>(
    `SELECT id FROM auctions WHERE is_active AND end_time > now() + interval '1 hour' AND buy_now_price IS NULL
     ORDER BY id LIMIT 1`,
  );
  const auctionId = auctions[0]?.id;
  if (!auctionId) throw new Error('the seeded marketplace has no open auction');
  const { wonAuctionId, paymentId } = await winByBuyNow(pool, baseUrl, member);

  const conversationId = directConversationId(member.id, other.id);
  // The newest message is the page cursor, so the page before it is not empty.
  const messageId = randomUUID();
  await pool.query(
    `INSERT INTO messages (id, conversation_id, sender_id, receiver_id, content, created_at)
     VALUES ($1, $2, $3, $4, 'Hello there', now() - interval '1 hour'),
            ($5, $2, $4, $3, 'Hi, nice to meet you', now() - interval '30 minutes')`,
    [randomUUID(), conversationId, other.id, member.id, messageId],
  );
  return {
    member,
    other,
    auctionId,
    conversationId,
    messageId,
    wonAuctionId,
    paymentId,
    searchWord: 'coffee',
  };
}

/**
 * Wins an auction through the real buy-now route, so the member has a date (the plan routes
 * answer 200) and a charge (the payment routes find it); sqlmap stops at a 404 base answer.
 * Waits for the charge to settle, so its answer does not change in the middle of a run.
 */
async function winByBuyNow(pool: pg.Pool, baseUrl: string, member: Member) {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM auctions WHERE is_active AND end_time > now() + interval '1 hour' AND buy_now_price IS NOT NULL
     ORDER BY id LIMIT 1`,
  );
  const wonAuctionId = rows[0]?.id;
  if (!wonAuctionId) throw new Error('the seeded marketplace has no auction with a buy-now price');
  const connection = new HttpConnection(baseUrl, member.cookie);
  try {
    const bought = await connection.post(`/api/auctions/${wonAuctionId}/buy-now`, {});
    if (bought.status >= 300) throw new Error(`buy-now answered ${bought.status}: ${bought.body}`);
  } finally {
    connection.close();
  }
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows: charges } = await pool.query<{ id: string; status: string }>(
      'SELECT id, status FROM charges WHERE payer_id = $1 AND auction_id = $2',
      [member.id, wonAuctionId],
    );
    const charge = charges[0];
    if (charge && charge.status !== 'pending' && charge.status !== 'processing') {
      return { wonAuctionId, paymentId: charge.id };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the buy-now charge did not settle in 10 s');
}

function queryJobs(target: string, url: URL, parameters: readonly string[]): SqlmapJob[] {
  return parameters.map((name) => ({ target, parameter: name, url: url.toString(), queryParameter: name }));
}

/** A path parameter: the `*` marker goes right after the real id. */
function pathJob(target: string, baseUrl: string, pathWithMarker: string): SqlmapJob {
  return { target, parameter: 'id (path)', url: `${baseUrl}${pathWithMarker}` };
}

/** One job per JSON field: the same body each time, with the `*` marker after that field's value. */
function jsonJobs(target: string, url: string, body: Record<string, string>, fields: readonly string[]): SqlmapJob[] {
  return fields.map((field) => ({
    target,
    parameter: `${field} (JSON)`,
    url,
    data: JSON.stringify({ ...body, [field]: `${body[field]}*` }),
  }));
}

export function buildJobs(baseUrl: string, world: SqlmapWorld): SqlmapJob[] {
  const search = new URL('/api/search', baseUrl);
  search.search = new URLSearchParams({ q: world.searchWord, limit: '20' }).toString();
  const searchUsers = new URL('/api/search/users', baseUrl);
  searchUsers.search = new URLSearchParams({ q: 'Sqlmap', limit: '20' }).toString();

  // Every key of listAuctionsQuerySchema, each with a value it accepts that narrows the page.
  const list = new URL('/api/auctions', baseUrl);
  const listQuery = {
    location: LOCATION_FILTERS[2],
    dateType: DATE_TYPES[0],
    priceRange: PRICE_RANGES[0],
    sortBy: AUCTION_SORTS[0],
    limit: '24',
    offset: '0',
    // A well-formed cursor of the same sort (docs/auctions.md "Listing"): it reaches the row comparison.
    cursor: `${AUCTION_SORTS[0]}~2026-01-01T00:00:00.000000Z~${world.auctionId}`,
  };
  list.search = new URLSearchParams(listQuery).toString();

  const conversation = `/api/conversations/${world.conversationId}/messages`;
  const page = new URL(conversation, baseUrl);
  page.search = new URLSearchParams({ before: world.messageId, limit: '10' }).toString();

  return [
    ...queryJobs('GET /api/search', search, ['q', 'limit']),
    ...queryJobs('GET /api/search/users', searchUsers, ['q', 'limit']),
    ...queryJobs('GET /api/auctions', list, Object.keys(listQuery)),
    pathJob('GET /api/auctions/:id', baseUrl, `/api/auctions/${world.auctionId}*`),
    pathJob('GET /api/auctions/:id/plan', baseUrl, `/api/auctions/${world.wonAuctionId}*/plan`),
    pathJob('GET /api/users/:id', baseUrl, `/api/users/${world.other.id}*`),
    pathJob('GET /api/conversations/:id/messages', baseUrl, `/api/conversations/${world.conversationId}*/messages`),
    ...queryJobs('GET /api/conversations/:id/messages', page, ['before', 'limit']),
    {
      ...pathJob('POST /api/payments/:id/retry', baseUrl, `/api/payments/${world.paymentId}*/retry`),
      data: '{}',
    },
    // A bid below the minimum: it reaches the auction row, the card check and the amount
    // check, and is refused the same way every time (an accepted bid would change the
    // next answer, and 20 of them a minute hit the rate limit).
    ...jsonJobs('POST /api/bids', `${baseUrl}/api/bids`, { auctionId: world.auctionId, amount: '1.00' }, [
      'auctionId',
      'amount',
    ]),
    // Empty content: the ids are looked up (conversation access, receiver) before the content
    // is refused, so nothing is stored and the 30-a-minute sending limit is never reached.
    ...jsonJobs(
      'POST /api/messages',
      `${baseUrl}/api/messages`,
      { conversationId: world.conversationId, receiverId: world.other.id, content: '' },
      ['conversationId', 'receiverId'],
    ),
  ];
}
