import { hostScore, reputationOf, type AuctionListItem } from '@bid/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/sql-helpers.js';
import { HOUR } from '../support/charges.js';
import { testDatabaseFactories } from '../support/databases.js';
import { dateWorld } from '../support/dates.js';
import { dateEndedByHost } from '../support/feedback.js';
import type { Member } from '../support/world.js';

const DAY = 24 * HOUR;

/**
 * Browse's "Sort by: Best hosts" (issue 35, docs/the-date.md "Best hosts"): GET /api/auctions
 * with sortBy=best-hosts orders open auctions by their host's score, kept on the auction and
 * rewritten when the host's reputation is recounted. Dates are played through the API on the
 * app's clock (test/support/feedback.ts).
 */
describe.each(testDatabaseFactories())('the "Best hosts" order on $kind', (factory) => {
  const suite = dateWorld(factory, new Date('2031-07-01T12:00:00.000Z'), 4);
  const { world } = suite;
  /** Two dates over. */
  let seasoned: Member;
  /** One date over. */
  let oneDate: Member;
  /** No date yet, until the last test gives her one. */
  let newcomer: Member;
  const ids: Record<string, string> = {};

  const list = async (query: string) => {
    const res = await world.call(undefined, 'GET', `/api/auctions?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const ours = (items: AuctionListItem[]) => items.filter((a) => Object.values(ids).includes(a.id)).map((a) => a.title);

  beforeAll(async () => {
    seasoned = suite.cast.host;
    oneDate = await world.signUp('Olga', { card: false });
    newcomer = await world.signUp('Nina', { card: false });
    await dateEndedByHost(world, seasoned, suite.cast.nextWinner());
    await dateEndedByHost(world, seasoned, suite.cast.nextWinner());
    await dateEndedByHost(world, oneDate, suite.cast.nextWinner());
    // Created after the dates, so each starts with its host's score.
    const at = (days: number) => new Date(world.clock.getTime() + days * DAY).toISOString();
    const create = async (title: string, host: Member, days: number) => {
      ids[title] = (await world.createAuction(host, { title, endTime: at(days) })).id;
    };
    await create('Newcomer first', newcomer, 2);
    await create('One date', oneDate, 3);
    await create('Seasoned first', seasoned, 4);
    await create('Newcomer second', newcomer, 5);
    await create('Newcomer third', newcomer, 5);
    await create('Seasoned second', seasoned, 6);
  }, 240_000);

  it('puts the best hosts first and new hosts last, equal scores by end time then id', async () => {
    const items = (await list('sortBy=best-hosts')).json<AuctionListItem[]>();
    const sameEnd = [ids['Newcomer second']!, ids['Newcomer third']!].sort();
    const titleOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)![0];
    expect(ours(items)).toEqual([
      'Seasoned first',
      'Seasoned second',
      'One date',
      'Newcomer first',
      ...sameEnd.map(titleOf),
    ]);
    // Ending soon is another order of the same cards.
    expect(ours((await list('sortBy=ending-soon')).json<AuctionListItem[]>())[0]).toBe('Newcomer first');
    // The order is the contract's score of each card's reputation (what the browser sorts by).
    const scores = items.map((a) => hostScore(a.creator.reputation));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(items.find((a) => a.id === ids['One date'])!.creator.reputation.datesCompleted).toBe(1);
  });

  it('pages by cursor through every card once, in order, across equal scores', async () => {
    const whole = (await list('sortBy=best-hosts')).json<AuctionListItem[]>().map((a) => a.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page += 1) {
      const res = await list(`sortBy=best-hosts&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...res.json<AuctionListItem[]>().map((a) => a.id));
      const next = res.headers['x-next-cursor'];
      expect(next !== undefined).toBe(res.headers['x-has-more'] === 'true');
      if (next === undefined) break;
      expect(String(next)).toMatch(/^best-hosts~\d+~/);
      cursor = String(next);
    }
    expect(seen).toEqual(whole);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('moves a host’s open auctions when their reputation is recounted', async () => {
    const before = ours((await list('sortBy=best-hosts')).json<AuctionListItem[]>());
    expect(before.indexOf('One date')).toBeLessThan(before.indexOf('Newcomer first'));
    // Nina's first date is over: she now has one date, as Olga has, and her auction ends sooner.
    await dateEndedByHost(world, newcomer, suite.cast.nextWinner());
    const after = ours((await list('sortBy=best-hosts')).json<AuctionListItem[]>());
    expect(after.slice(0, 3)).toEqual(['Seasoned first', 'Seasoned second', 'Newcomer first']);
    expect(after.indexOf('Newcomer first')).toBeLessThan(after.indexOf('One date'));
  });

  it('computes in SQL the score the contract computes from the same counts', async () => {
    // host_score_of (the migration) mirrors hostScore(reputationOf(counts)): every tier boundary of
    // the figures (3 dates, 3 reviews, 5 dates, 95% and 4.7 stars) and the rounding around them.
    const counts: Array<[number, number, number, number]> = [];
    for (const dates of [0, 1, 2, 3, 4, 5, 6, 19, 20, 21, 40, 100]) {
      for (const noShows of new Set([0, 1, 2, dates])) {
        if (noShows > dates) continue;
        for (const reviews of [0, 2, 3, 4, 7, 10, 20]) {
          for (let ratingSum = reviews; ratingSum <= 5 * reviews; ratingSum += 1)
            counts.push([dates, noShows, reviews, ratingSum]);
        }
      }
    }
    const values = sql.raw(counts.map((c, i) => `(${[i, ...c].join(',')})`).join(','));
    const rows = rowsOf<{ score: string | number }>(
      await world.db.execute(
        sql`SELECT host_score_of(d, n, rc, rs) AS score FROM (VALUES ${values}) AS c(i, d, n, rc, rs) ORDER BY i`,
      ),
    );
    const expected = counts.map(([datesCompleted, noShows, reviewCount, ratingSum]) =>
      hostScore(reputationOf({ datesCompleted, noShows, reviewCount, ratingSum })),
    );
    expect(rows.map((r) => Number(r.score))).toEqual(expected);
  });
});
