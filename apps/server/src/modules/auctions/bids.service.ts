import {
  bidTooLowMessage,
  displayNameOf,
  INCOMPLETE_PROFILE_FOR_BID,
  isAuctionOpen,
  isProfileComplete,
  minimumNextBidCents,
  parseMoneyToCents,
  placeBidSchema,
  type PlaceBidResponse,
} from '@bid/contract';
import type { Auction } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { assertHasPaymentMethod } from '../payments/payment-methods.service.js';
import type { PaymentProvider } from '../payments/providers/payment-provider.js';
import { findUserById } from '../users/users.repository.js';
import { bidNotificationTexts } from './auction-notices.js';
import { findAuctionById } from './auctions.repository.js';
import { AUCTION_NOT_FOUND, isAuctionId, type AuctionsDeps } from './auctions.service.js';
import { acceptBid, insertBidNotifications } from './bids.repository.js';

export const OWN_AUCTION_BID = 'You cannot bid on your own auction';
export const AUCTION_HAS_ENDED = 'Auction has ended';

export interface BidsDeps extends AuctionsDeps {
  /** SOFT_CLOSE_SECONDS: a bid this close to the end moves the end this far past the bid. */
  softCloseSeconds: number;
  /** Where the bidder's saved cards are: a bid needs one (SPEC §1, docs/payments.md). */
  payments: PaymentProvider;
}

function assertOpen(auction: Auction, now: Date): void {
  if (auction.closedAt || !isAuctionOpen(auction, now)) throw badRequest(AUCTION_HAS_ENDED);
}

function assertHighEnough(auction: Auction, amountCents: number): void {
  const minimum = minimumNextBidCents(auction);
  if (amountCents < minimum) throw badRequest(bidTooLowMessage(minimum), 'amount');
}

/**
 * POST /api/bids. Checks in this order: the auction exists, the bidder's profile is complete,
 * the bidder is not the creator, the auction is open, the bidder has a card on file (SPEC §1:
 * the win is charged to it), the amount is well-formed and at least the minimum (SPEC §5).
 * Those early answers give the precise message; the decision itself is the single conditional
 * statement of `acceptBid`, which re-checks every rule under the row lock, so racing bids from
 * any number of app instances can neither be lost nor reordered.
 */
export async function placeBid(deps: BidsDeps, bidderId: string, body: unknown): Promise<PlaceBidResponse> {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (fields.auctionId === undefined || fields.auctionId === null || fields.auctionId === '') {
    throw new AppError(400, 'validation', 'Auction is required', 'auctionId');
  }
  if (!isAuctionId(fields.auctionId)) throw notFound(AUCTION_NOT_FOUND);

  const [auction, bidder] = await Promise.all([
    findAuctionById(deps.db, fields.auctionId),
    findUserById(deps.db, bidderId),
  ]);
  if (!auction) throw notFound(AUCTION_NOT_FOUND);
  if (!bidder) throw unauthorized();
  if (!isProfileComplete(bidder)) throw badRequest(INCOMPLETE_PROFILE_FOR_BID);
  if (auction.creatorId === bidderId) throw forbidden(OWN_AUCTION_BID);
  assertOpen(auction, deps.now());
  await assertHasPaymentMethod(deps, bidder);

  const parsedAmount = placeBidSchema.shape.amount.safeParse(fields.amount);
  if (!parsedAmount.success) {
    throw new AppError(400, 'validation', parsedAmount.error.issues[0]?.message ?? 'Invalid amount', 'amount');
  }
  const amount = parsedAmount.data;
  const amountCents = parseMoneyToCents(amount) ?? 0;
  assertHighEnough(auction, amountCents);

  const now = deps.now();
  const accepted = await deps.db.transaction(async (tx) => {
    const bid = await acceptBid(tx, {
      auctionId: auction.id,
      bidderId,
      amount,
      now,
      softCloseSeconds: deps.softCloseSeconds,
    });
    if (bid) {
      const texts = bidNotificationTexts({ bidderName: displayNameOf(bidder), amount: bid.amount, title: bid.title });
      await insertBidNotifications(tx, { bid, bidderId, texts });
    }
    return bid;
  });

  if (!accepted) {
    // Another bid, the closing job, a cancel or buy-now won the race: answer from the fresh row.
    const fresh = await findAuctionById(deps.db, auction.id);
    if (!fresh) throw notFound(AUCTION_NOT_FOUND);
    assertOpen(fresh, deps.now());
    assertHighEnough(fresh, amountCents);
    throw conflict('The auction changed while you were bidding. Please try again.');
  }

  return {
    bid: {
      id: accepted.bidId,
      auctionId: accepted.auctionId,
      amount: accepted.amount,
      createdAt: accepted.createdAt.toISOString(),
    },
    auction: {
      id: accepted.auctionId,
      currentBid: accepted.currentBid,
      bidCount: accepted.bidCount,
      endTime: accepted.endTime.toISOString(),
    },
  };
}
