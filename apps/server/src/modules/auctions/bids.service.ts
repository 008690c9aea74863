import {
  bidBoundProblem,
  BLOCKED_BID_MESSAGE,
  MAX_BELOW_AMOUNT_MESSAGE,
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
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../lib/errors.js';
import { assertHasPaymentMethod } from '../payments/payment-methods.service.js';
import type { PaymentProvider } from '../payments/providers/payment-provider.js';
import { bidNotificationTexts } from './auction-notices.js';
import { AUCTION_NOT_FOUND, isAuctionId, type AuctionsDeps } from './auctions.service.js';
import { acceptBid, BidRateLimitReached, findBidContext, type BidAuctionState } from './bids.repository.js';

export const OWN_AUCTION_BID = 'You cannot bid on your own auction';
export const AUCTION_HAS_ENDED = 'Auction has ended';
export const BIDDING_TOO_FAST = 'You are bidding too quickly. Please wait a moment and try again.';

export interface BidsDeps extends AuctionsDeps {
  /** SOFT_CLOSE_SECONDS: a bid this close to the end moves the end this far past the bid. */
  softCloseSeconds: number;
  /** BIDS_PER_MINUTE: more bids than this from one member in a minute are refused with a 429 before any write. */
  bidsPerMinute: number;
  /** Where the bidder's saved cards are: a bid needs one (docs/product.md §1, docs/payments.md). */
  paymentProvider: PaymentProvider;
}

type BidRuleFields = Pick<
  BidAuctionState,
  'closedAt' | 'isActive' | 'endTime' | 'currentBid' | 'startingBid' | 'bidCount' | 'buyNowPrice'
>;

function assertOpen(auction: BidRuleFields, now: Date): void {
  if (auction.closedAt || !isAuctionOpen(auction, now)) throw badRequest(AUCTION_HAS_ENDED);
}

/**
 * `maxCents` is the request's maximum (its amount for a plain bid): it must reach the minimum
 * and stay within the money bounds (bidBoundProblem, docs/auctions.md).
 */
function assertAmountAllowed(auction: BidRuleFields, maxCents: number, field: 'amount' | 'maxAmount'): void {
  const minimum = minimumNextBidCents(auction);
  if (maxCents < minimum) throw badRequest(bidTooLowMessage(minimum), field);
  const buyNowCents = auction.buyNowPrice === null ? null : (parseMoneyToCents(auction.buyNowPrice) ?? null);
  const problem = bidBoundProblem({
    amountCents: maxCents,
    minimumCents: minimum,
    buyNowPrice: auction.buyNowPrice,
    buyNowCents,
  });
  if (problem) throw badRequest(problem, field);
}

/**
 * POST /api/bids. Checks in this order: the auction exists, the bidder's profile is complete,
 * the bidder is not the creator, the auction is open, the bidder has a card on file (docs/product.md §1:
 * the win is charged to it), the amount (and the optional `maxAmount`) is well-formed, the maximum
 * is at least the amount and the minimum (docs/auctions.md), and within the money bounds (docs/auctions.md).
 * Those early answers give the precise message; the decision itself is the single call of
 * `acceptBid`, which re-checks every rule under the row lock, so racing bids from any number of
 * app instances can neither be lost nor reordered. A bid costs two statements (this use case's
 * read and the call) once the session is in the instance's session cache: docs/performance.md.
 */
/**
 * Who a bid's notices went to, for the live signals sent after it commits (docs/realtime.md):
 * the host, and the member who led before it (unless they outbid themselves).
 */
export interface BidRecipients {
  hostId: string;
  outbidId: string | null;
}

export async function placeBid(
  deps: BidsDeps,
  bidderId: string,
  body: unknown,
): Promise<PlaceBidResponse & { recipients: BidRecipients }> {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (fields.auctionId === undefined || fields.auctionId === null || fields.auctionId === '') {
    throw new AppError(400, 'validation', 'Auction is required', 'auctionId');
  }
  if (!isAuctionId(fields.auctionId)) throw notFound(AUCTION_NOT_FOUND);

  const context = await findBidContext(deps.db, { auctionId: fields.auctionId, bidderId });
  if (!context) throw unauthorized();
  const { auction, bidder } = context;
  if (context.recentBidCount >= deps.bidsPerMinute) throw tooManyRequests(BIDDING_TOO_FAST);
  // A hidden auction (docs/trust-and-safety.md) does not exist for bidders.
  if (!auction || auction.hiddenAt) throw notFound(AUCTION_NOT_FOUND);
  if (!isProfileComplete(bidder)) throw badRequest(INCOMPLETE_PROFILE_FOR_BID);
  if (auction.creatorId === bidderId) throw forbidden(OWN_AUCTION_BID);
  if (context.isBlocked) throw forbidden(BLOCKED_BID_MESSAGE);
  assertOpen(auction, deps.now());
  await assertHasPaymentMethod(deps, bidder);

  const parsedAmount = placeBidSchema.shape.amount.safeParse(fields.amount);
  if (!parsedAmount.success) {
    throw new AppError(400, 'validation', parsedAmount.error.issues[0]?.message ?? 'Invalid amount', 'amount');
  }
  const amount = parsedAmount.data;
  const parsedMax = placeBidSchema.shape.maxAmount.safeParse(fields.maxAmount);
  if (!parsedMax.success) {
    throw new AppError(400, 'validation', parsedMax.error.issues[0]?.message ?? 'Invalid maximum', 'maxAmount');
  }
  const maxAmount = parsedMax.data;
  const amountCents = parseMoneyToCents(amount) ?? 0;
  const maxCents = maxAmount === undefined ? amountCents : (parseMoneyToCents(maxAmount) ?? 0);
  if (maxCents < amountCents) throw badRequest(MAX_BELOW_AMOUNT_MESSAGE, 'maxAmount');
  const field = maxAmount === undefined ? 'amount' : 'maxAmount';
  assertAmountAllowed(auction, maxCents, field);

  // The notices name the auction as it read when the bid arrived (bid texts, docs/product.md §4).
  const texts = bidNotificationTexts({ bidderName: displayNameOf(bidder), title: auction.title });
  // The early count above answers most refusals cheaply, but requests in flight together all
  // read the same total: the limit is decided again under the bidder's lock, in the bid's own
  // statement (docs/reliability.md, "Atomic rate limits").
  const outcome = await acceptBid(deps.db, {
    auctionId: auction.id,
    bidderId,
    amount,
    maxAmount,
    now: deps.now(),
    softCloseSeconds: deps.softCloseSeconds,
    texts,
    bidsPerMinute: deps.bidsPerMinute,
  }).catch((err: unknown) => {
    throw err instanceof BidRateLimitReached ? tooManyRequests(BIDDING_TOO_FAST) : err;
  });
  if (!outcome) throw notFound(AUCTION_NOT_FOUND);
  if (!outcome.accepted) {
    // Another bid, the closing job, a cancel or buy-now won the race: answer from the fresh row.
    assertOpen(outcome.auction, deps.now());
    assertAmountAllowed(outcome.auction, maxCents, field);
    throw conflict('The auction changed while you were bidding. Please try again.');
  }

  const after = outcome.auction;
  const outbidId = context.leaderId && context.leaderId !== bidderId ? context.leaderId : null;
  return {
    recipients: { hostId: after.creatorId, outbidId },
    bid: {
      id: outcome.bidId,
      auctionId: after.id,
      amount: outcome.amount,
      createdAt: outcome.createdAt.toISOString(),
    },
    outbidByAutomaticBid: outcome.outbidByAutomaticBid,
    // The bidder's own maximum, only ever in their own answer (docs/auctions.md).
    maxAmount: maxAmount ?? null,
    auction: {
      id: after.id,
      currentBid: after.currentBid,
      bidCount: after.bidCount,
      endTime: after.endTime.toISOString(),
    },
  };
}
