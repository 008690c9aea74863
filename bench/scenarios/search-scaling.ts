import { SEARCH_LIMIT_DEFAULT } from '@bid/contract';
import type pg from 'pg';
import { USER_FULL_NAME_SQL } from '../../apps/server/src/db/schema/users.js';
import type { BenchContext, Scenario } from '../lib/context.js';
import type { HttpAnswer } from '../lib/http.js';
import { measureScaling, type ScalingCase } from '../lib/scaling.js';

/**
 * What people type: common and rare first and last names, a full name, a partial name, the
 * two letters typed before the 300 ms debounce fires, words from auction titles, and a term
 * that matches nothing.
 */
const TERMS = [
  'james',
  'maria',
  'smith',
  'garcia',
  'priya',
  'okafor',
  'john smith',
  'mar',
  'jo',
  'coffee',
  'sushi',
  'jazz night',
  'kayak',
  'tacos',
  'pottery',
  'xylophone',
];

const FULL_NAME = `(${USER_FULL_NAME_SQL})`;

/** Measured in quick mode: a common name, a full name, a two-letter prefix, a title word, a miss. */
const QUICK_TERMS = new Set(['james', 'john smith', 'jo', 'coffee', 'xylophone']);

/** `GET /api/search?q=` (signed in) for each term, at 1,000 and at 100,000 users and auctions (a million in the full run). */
export const searchScaling: Scenario = {
  name: 'search-scaling',
  unit: 'ms',
  target: { of: 'ratio', op: '<=', bound: 2 },
  invariant:
    'every result matches the term and is listed (named user, open auction); as many as SQL counts up to the limit; prefix matches first; ranked as documented',
  run: (ctx: BenchContext) =>
    measureScaling(ctx, async () => {
      return TERMS.map((term): ScalingCase => ({
        label: term,
        quick: QUICK_TERMS.has(term),
        path: `/api/search?q=${encodeURIComponent(term)}`,
        verify: (answer, market) => verifySearch(market.database.pool, term, answer),
      }));
    }),
};

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Replaces `:name` tokens by positional parameters, so each statement binds only what it uses. */
function bind(text: string, values: Record<string, unknown>): { text: string; values: unknown[] } {
  const order: string[] = [];
  const bound = text.replace(/(?<!:):(\w+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for :${name}`);
    if (!order.includes(name)) order.push(name);
    return `$${order.indexOf(name) + 1}`;
  });
  return { text: bound, values: order.map((name) => values[name]) };
}

/**
 * The rules of docs/search-and-notifications.md checked on the answer, in SQL written here:
 * each result qualifies; as many are shown as match, up to the limit; better-ranked matches
 * (prefix before contains) are never left out for worse ones; the order is the documented one
 * (similarity is compared among the results shown, which the ranking draws from a bounded pool).
 */
async function verifySearch(pool: pg.Pool, term: string, answer: HttpAnswer): Promise<string | null> {
  const body = JSON.parse(answer.body) as { users: Array<{ id: string }>; auctions: Array<{ id: string }> };
  // Words under three characters match the start of a word; longer terms match anywhere.
  const isShortWord = Array.from(term).length < 3 && /[\p{L}\p{N}]/u.test(term);
  const matches = (text: string) =>
    isShortWord ? `(${text} ILIKE :prefix OR ${text} ILIKE :wordPrefix)` : `${text} ILIKE :contains`;
  const users = await verifyList(
    pool,
    term,
    body.users.map((u) => u.id),
    {
      table: 'users',
      eligible: `${matches(FULL_NAME)} AND first_name IS NOT NULL AND first_name <> ''`,
      rank: `CASE WHEN ${FULL_NAME} ILIKE :prefix THEN 0 WHEN last_name ILIKE :prefix THEN 1 ELSE 2 END`,
      order: `similarity(${FULL_NAME}, :term) DESC, first_name ASC, id ASC`,
    },
  );
  if (users) return `users: ${users}`;
  const auctions = await verifyList(
    pool,
    term,
    body.auctions.map((a) => a.id),
    {
      table: 'auctions',
      eligible: `${matches('title')} AND is_active AND end_time > now()`,
      rank: 'CASE WHEN title ILIKE :prefix THEN 0 ELSE 1 END',
      order: 'similarity(title, :term) DESC, end_time ASC, id ASC',
    },
  );
  return auctions ? `auctions: ${auctions}` : null;
}

async function verifyList(
  pool: pg.Pool,
  term: string,
  ids: string[],
  rule: { table: string; eligible: string; rank: string; order: string },
): Promise<string | null> {
  const escaped = escapeLike(term);
  const values = { ids, contains: `%${escaped}%`, prefix: `${escaped}%`, wordPrefix: `% ${escaped}%`, term };
  const shownQuery = bind(
    `SELECT id, (${rule.eligible}) AS eligible, ${rule.rank} AS rank FROM ${rule.table}
     WHERE id = ANY(:ids::uuid[]) ORDER BY ${rule.rank}, ${rule.order}`,
    values,
  );
  const { rows: shown } = await pool.query<{ id: string; eligible: boolean; rank: number }>(shownQuery);
  if (shown.length !== ids.length) return 'unknown ids';
  if (shown.some((r) => !r.eligible)) return 'a result that does not match or is not listed';
  if (shown.map((r) => r.id).join() !== ids.join()) return 'not in the documented order';

  const countQuery = bind(
    `SELECT ${rule.rank} AS rank, count(*)::int AS n FROM ${rule.table} WHERE ${rule.eligible} GROUP BY 1 ORDER BY 1`,
    values,
  );
  const { rows: perRank } = await pool.query<{ rank: number; n: number }>(countQuery);
  // Filling the page best rank first gives the ranks a correct answer shows, in order.
  const expectedRanks: number[] = [];
  for (const { rank, n } of perRank) {
    for (let i = 0; i < n && expectedRanks.length < SEARCH_LIMIT_DEFAULT; i += 1) expectedRanks.push(rank);
  }
  const shownRanks = shown.map((r) => r.rank);
  if (shownRanks.join() !== expectedRanks.join()) {
    const matches = perRank.reduce((sum, r) => sum + r.n, 0);
    return `ranks ${shownRanks.join('')} shown of ${matches} matches, expected ${expectedRanks.join('')}`;
  }
  return null;
}
