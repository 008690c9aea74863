import type { Db } from '../../db/client.js';
import { batchWhileBusy } from '../../lib/batch-while-busy.js';
import { BID_NOTIFICATION_TEMPLATES } from './auction-notices.js';
import { placeBidsStatement, type BidOutcome, type BidRequest } from './bids.repository.js';

/** The most bids one `place_bids` call decides: it bounds the statement and the time it holds the row lock. */
export const MAX_BIDS_PER_CALL = 50;

/**
 * How an instance sends bids to the database (docs/performance.md, "Bids on one auction in
 * batches"). A bid on an auction for which none of this instance's calls is running goes at once,
 * alone; bids that arrive while one runs wait for it and then go together in ONE `place_bids`
 * call, in arrival order (`batchWhileBusy`, keyed by auction). A quiet auction's bid therefore
 * costs what it always did, and a hot auction's bids share a call, a row lock and a commit instead
 * of queueing on the lock one transaction at a time. Auctions never wait for one another.
 */
export interface BidQueue {
  /** Decides one bid on `auctionId`: its outcome, as `place_bids` would answer it alone. */
  place(auctionId: string, bid: BidRequest): Promise<BidOutcome>;
}

export function createBidQueue(deps: { db: Db; bidsPerMinute: number }): BidQueue {
  const call = (auctionId: string, bids: readonly BidRequest[]) =>
    placeBidsStatement(deps.db, {
      auctionId,
      bids,
      texts: BID_NOTIFICATION_TEMPLATES,
      bidsPerMinute: deps.bidsPerMinute,
    });

  // Settled per bid, so that one bid's failure is its own even when it shared a call.
  const batches = batchWhileBusy<BidRequest, PromiseSettledResult<BidOutcome>>({
    maxBatch: MAX_BIDS_PER_CALL,
    async run(auctionId, bids) {
      try {
        return (await call(auctionId, bids)).map((value) => ({ status: 'fulfilled', value }));
      } catch (err) {
        if (bids.length === 1) return [{ status: 'rejected', reason: err }];
        // The whole batch rolled back: each bid goes again alone.
        const alone: Array<PromiseSettledResult<BidOutcome>> = [];
        for (const bid of bids) {
          try {
            alone.push({ status: 'fulfilled', value: (await call(auctionId, [bid]))[0]! });
          } catch (reason) {
            alone.push({ status: 'rejected', reason });
          }
        }
        return alone;
      }
    },
  });

  return {
    async place(auctionId, bid) {
      const settled = await batches.add(auctionId, bid);
      if (settled.status === 'rejected') throw settled.reason;
      return settled.value;
    },
  };
}
