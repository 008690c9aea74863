import type { Db } from '../../db/client.js';
import { placeBidsStatement, type BidNotificationTexts, type BidOutcome, type BidRequest } from './bids.repository.js';

/** The most bids one `place_bids` call decides: it bounds the statement and the time it holds the row lock. */
export const MAX_BIDS_PER_CALL = 50;

/**
 * How an instance sends bids to the database (docs/performance.md, "Bids on one auction in
 * batches"). A bid on an auction for which none of this instance's calls is running goes at once,
 * alone; bids that arrive while one runs wait for it and then go together in ONE `place_bids`
 * call, in arrival order. A quiet auction's bid therefore costs what it always did, and a hot
 * auction's bids share a call, a row lock and a commit instead of queueing on the lock one
 * transaction at a time. Auctions never wait for one another.
 */
export interface BidQueue {
  /** Decides one bid on `auctionId`: its outcome, as `place_bid` would answer it alone. */
  place(auctionId: string, bid: BidRequest): Promise<BidOutcome>;
}

interface Waiting {
  bid: BidRequest;
  resolve: (outcome: BidOutcome) => void;
  reject: (err: unknown) => void;
}

export function createBidQueue(deps: { db: Db; bidsPerMinute: number; texts: BidNotificationTexts }): BidQueue {
  /** Per auction with a call running: the bids waiting for the next one. */
  const waitingByAuction = new Map<string, Waiting[]>();

  const call = (auctionId: string, bids: readonly BidRequest[]) =>
    placeBidsStatement(deps.db, { auctionId, bids, texts: deps.texts, bidsPerMinute: deps.bidsPerMinute });

  async function send(auctionId: string, batch: Waiting[]): Promise<void> {
    try {
      const outcomes = await call(
        auctionId,
        batch.map((entry) => entry.bid),
      );
      batch.forEach((entry, i) => entry.resolve(outcomes[i]!));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // The whole batch rolled back: each bid goes again alone, so one bid's failure is its own.
      for (const entry of batch) {
        try {
          const [outcome] = await call(auctionId, [entry.bid]);
          entry.resolve(outcome!);
        } catch (alone) {
          entry.reject(alone);
        }
      }
    }
  }

  async function drain(auctionId: string, first: Waiting): Promise<void> {
    let batch = [first];
    for (;;) {
      await send(auctionId, batch);
      const waiting = waitingByAuction.get(auctionId)!;
      if (waiting.length === 0) {
        waitingByAuction.delete(auctionId);
        return;
      }
      batch = waiting.splice(0, MAX_BIDS_PER_CALL);
    }
  }

  return {
    place(auctionId, bid) {
      return new Promise<BidOutcome>((resolve, reject) => {
        const entry: Waiting = { bid, resolve, reject };
        const waiting = waitingByAuction.get(auctionId);
        if (waiting) {
          waiting.push(entry);
          return;
        }
        waitingByAuction.set(auctionId, []);
        void drain(auctionId, entry);
      });
    },
  };
}
