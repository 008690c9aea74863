import { auctionChannel, isUuid, type VoidBidResult, type voidBidSchema } from '@bid/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import { rowsOf } from '../../db/sql-helpers.js';
import { listOpenAuctionsWithBidsOf, voidBidderOnAuction, type VoidedBids } from '../auctions/void-bids.js';
import type { Db } from '../../db/client.js';
import type { ModerationDeps } from './moderation.service.js';

export const BID_NOT_FOUND = 'Bid not found';
export const BID_NOT_VOIDABLE =
  'This bid can no longer be voided: the auction has ended or the bid was already voided.';

type VoidBidReason = z.output<typeof voidBidSchema>;

/** After the commit: the new price to every page showing the auction, and the bells of those told. */
export function announceVoided(deps: Pick<ModerationDeps, 'realtime'>, results: VoidedBids[]) {
  for (const result of results) {
    // Bids are voided on open auctions only: still open, no winner yet.
    deps.realtime.publish(auctionChannel(result.auctionId), {
      type: 'bid_update',
      auctionId: result.auctionId,
      newBid: result.currentBid,
      bidCount: result.bidCount,
      endTime: result.endTime.toISOString(),
      isActive: true,
      winnerId: null,
    });
  }
}

/**
 * POST /api/moderation/bids/{id}/void {reason} (docs/auctions.md "Voiding bids"): the bid's
 * member loses every bid on that open auction, the price is recomputed from the remaining bids
 * and maximums by the automatic-bid rule, the member and the remaining bidders are told, and the
 * decision is appended to the audit chain, all in one transaction.
 */
export async function voidBid(deps: ModerationDeps, moderatorId: string, bidId: string, { reason }: VoidBidReason) {
  if (!isUuid(bidId)) throw notFound(BID_NOT_FOUND);
  const [bid] = rowsOf<{ auction_id: string; bidder_id: string }>(
    await deps.db.execute(sql`SELECT auction_id, bidder_id FROM bids WHERE id = ${bidId}::uuid`),
  );
  if (!bid) throw notFound(BID_NOT_FOUND);
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const voided = await voidBidderOnAuction(tx, {
      auctionId: bid.auction_id,
      bidderId: bid.bidder_id,
      now,
      reason,
    });
    if (!voided) throw conflict(BID_NOT_VOIDABLE);
    await recordAuditEvent(tx, {
      action: 'delete',
      outcome: 'success',
      resource: 'bid',
      resourceId: bidId,
      userId: moderatorId,
      details: {
        decision: 'void_bid',
        auctionId: voided.auctionId,
        bidderId: voided.bidderId,
        voidedBids: voided.voidedBidIds.length,
        currentBid: voided.currentBid,
      },
      complianceLevel: 'ial1',
      at: now,
    });
    return voided;
  });
  announceVoided(deps, [result]);
  return {
    auctionId: result.auctionId,
    voidedBidIds: result.voidedBidIds,
    currentBid: result.currentBid,
    bidCount: result.bidCount,
  } satisfies VoidBidResult;
}

/**
 * A suspended member's open bids are voided the same way, on every open auction they bid on
 * (call inside the suspension's transaction; announce the results after the commit).
 */
export async function voidOpenBidsOf(tx: Db, bidderId: string, now: Date, reason: string): Promise<VoidedBids[]> {
  const results: VoidedBids[] = [];
  for (const auctionId of await listOpenAuctionsWithBidsOf(tx, bidderId, now)) {
    const voided = await voidBidderOnAuction(tx, { auctionId, bidderId, now, reason });
    if (voided) results.push(voided);
  }
  return results;
}
