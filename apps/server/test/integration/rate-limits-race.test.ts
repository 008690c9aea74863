import { REPORTS_PER_HOUR, REPORTS_TOO_FAST, UPLOAD_MESSAGES, UPLOAD_URLS_PER_HOUR } from '@bid/contract';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { bids, reports, uploadGrants, users } from '../../src/db/schema/index.js';
import { BIDDING_TOO_FAST } from '../../src/modules/auctions/bids.service.js';
import { SETTING_UP_CARDS_TOO_FAST, SETUP_INTENT_LIMIT } from '../../src/modules/payments/payment-methods.service.js';
import { randomFirstName } from '../support/profiles.js';
import { suiteWorld } from '../support/world.js';
import { insertAuction } from '../support/auctions.js';
import { describePostgresOnly } from '../support/databases.js';

/**
 * Every rate limit is decided under a lock (docs/reliability.md, "Atomic rate limits"): a burst of
 * 40 requests sent at once through the real app on PostgreSQL passes exactly the limit, where
 * "count, then insert" let 25 of 40 bids through a limit of 20.
 */
const BURST = 40;
const BIDS_PER_MINUTE = 20;

function statusesOf(answers: LightMyRequestResponse[]) {
  return {
    passed: answers.filter((a) => a.statusCode >= 200 && a.statusCode < 300),
    refused: answers.filter((a) => a.statusCode === 429),
    other: answers.filter((a) => a.statusCode !== 429 && (a.statusCode < 200 || a.statusCode >= 300)),
  };
}

describePostgresOnly('rate limits under a burst of concurrent requests on $kind', (factory) => {
  const world = suiteWorld(factory, { dataDir: true, env: { BIDS_PER_MINUTE: String(BIDS_PER_MINUTE) } });
  const { call } = world;

  const signUp = (firstName: string, options: { profile?: boolean; card?: boolean } = {}) =>
    world.signUp(firstName, { profile: options.profile ?? false, card: options.card ?? false });

  async function openAuctions(creatorId: string, howMany: number): Promise<string[]> {
    const endTime = new Date(Date.now() + 24 * 3_600_000);
    const ids: string[] = [];
    for (let i = 0; i < howMany; i++) ids.push(await insertAuction(world.db, { creatorId, endTime }));
    return ids;
  }

  it(`passes exactly ${BIDS_PER_MINUTE} of ${BURST} concurrent bids (BIDS_PER_MINUTE)`, async () => {
    const host = await signUp('Hana', { profile: true });
    const bidder = await signUp('Bo', { profile: true, card: true });
    // One auction per bid, so every bid is valid on its own and only the limit can refuse it.
    const auctionIds = await openAuctions(host.id, BURST);
    const answers = await Promise.all(auctionIds.map((auctionId) => world.bid(bidder, { auctionId, amount: '20' })));
    const { passed, refused, other } = statusesOf(answers);
    expect(other.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    expect(passed).toHaveLength(BIDS_PER_MINUTE);
    expect(refused).toHaveLength(BURST - BIDS_PER_MINUTE);
    for (const answer of refused) expect(answer.json().message).toBe(BIDDING_TOO_FAST);
    const [stored] = await world.db.select({ n: count() }).from(bids).where(eq(bids.bidderId, bidder.id));
    expect(stored?.n).toBe(BIDS_PER_MINUTE);
  }, 120_000);

  it(`passes exactly ${SETUP_INTENT_LIMIT.limit} of ${BURST} concurrent card setups`, async () => {
    const member = await signUp('Cara');
    const answers = await Promise.all(
      Array.from({ length: BURST }, () => call(member, 'POST', '/api/stripe/setup-intent')),
    );
    const { passed, refused, other } = statusesOf(answers);
    expect(other.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    expect(passed).toHaveLength(SETUP_INTENT_LIMIT.limit);
    expect(refused).toHaveLength(BURST - SETUP_INTENT_LIMIT.limit);
    for (const answer of refused) expect(answer.json().message).toBe(SETTING_UP_CARDS_TOO_FAST);
    const [row] = await world.db.select({ setups: users.setupIntentCount }).from(users).where(eq(users.id, member.id));
    expect(row?.setups).toBe(SETUP_INTENT_LIMIT.limit);
  }, 120_000);

  it(`passes exactly ${REPORTS_PER_HOUR} of ${BURST} concurrent reports`, async () => {
    const reporter = await signUp('Remy');
    const host = await signUp('Ivo', { profile: true });
    // A different auction each time: a repeat of an open report would be answered, not counted.
    const auctionIds = await openAuctions(host.id, BURST);
    const answers = await Promise.all(
      auctionIds.map((targetId) =>
        call(reporter, 'POST', '/api/reports', { targetType: 'auction', targetId, reason: 'spam' }),
      ),
    );
    const { passed, refused, other } = statusesOf(answers);
    expect(other.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    expect(passed).toHaveLength(REPORTS_PER_HOUR);
    expect(refused).toHaveLength(BURST - REPORTS_PER_HOUR);
    for (const answer of refused) expect(answer.json().message).toBe(REPORTS_TOO_FAST);
    const [stored] = await world.db.select({ n: count() }).from(reports).where(eq(reports.reporterId, reporter.id));
    expect(stored?.n).toBe(REPORTS_PER_HOUR);
  }, 120_000);

  it(`passes exactly ${UPLOAD_URLS_PER_HOUR} of ${BURST} concurrent upload URLs`, async () => {
    const member = await signUp(randomFirstName('Uma'));
    const answers = await Promise.all(Array.from({ length: BURST }, () => call(member, 'POST', '/api/objects/upload')));
    const { passed, refused, other } = statusesOf(answers);
    expect(other.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    expect(passed).toHaveLength(UPLOAD_URLS_PER_HOUR);
    expect(refused).toHaveLength(BURST - UPLOAD_URLS_PER_HOUR);
    for (const answer of refused) expect(answer.json().message).toBe(UPLOAD_MESSAGES.tooManyUploads);
    const [stored] = await world.db.select({ n: count() }).from(uploadGrants).where(eq(uploadGrants.userId, member.id));
    expect(stored?.n).toBe(UPLOAD_URLS_PER_HOUR);
  }, 120_000);
});
