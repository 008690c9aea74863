import {
  bidBoundProblem,
  BLOCKED_BID_MESSAGE,
  MAX_BELOW_AMOUNT_MESSAGE,
  bidTooLowMessage,
  INCOMPLETE_PROFILE_FOR_BID,
  isAuctionOpen,
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
import { AUCTION_NOT_FOUND, isAuctionId, type AuctionsDeps } from './auctions.service.js';
import type { BidQueue } from './bid-queue.js';
import type { BidAuctionState, BidOutcome } from './bids.repository.js';

export const OWN_AUCTION_BID = 'You cannot bid on your own auction';
export const AUCTION_HAS_ENDED = 'Auction has ended';
export const BIDDING_TOO_FAST = 'You are bidding too quickly. Please wait a moment and try again.';

export interface BidsDeps extends AuctionsDeps {
  /** SOFT_CLOSE_SECONDS: a bid this close to the end moves the end this far past the bid. */
  softCloseSeconds: number;
  /**
   * How this instance sends bids to the database (bid-queue.ts), made with BIDS_PER_MINUTE: more
   * bids than that from one member in a minute are refused with a 429 before any write.
   */
  bidQueue: BidQueue;
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
 * Who hears the bid live besides the auction's pages, once it commits (docs/realtime.md): the
 * member who led before it (unless they outbid themselves). The bells of everyone it told refresh
 * when its notices are written (bid-notice-writer.ts).
 */
export interface BidRecipients {
  outbidId: string | null;
  /** The bidder led already, so the bid only raised their private maximum: nobody else hears of it. */
  raisedOwnMaximum: boolean;
}

type RequestAmounts =
  | { problem: null; amount: string; maxAmount: string | undefined; maxCents: number; field: 'amount' | 'maxAmount' }
  | { problem: AppError };

/**
 * The request's amount and optional maximum, or the first thing wrong with them that needs no
 * database: a malformed amount, a malformed maximum, a maximum below the amount (in that order).
 */
function readAmounts(fields: Record<string, unknown>): RequestAmounts {
  const parsedAmount = placeBidSchema.shape.amount.safeParse(fields.amount);
  if (!parsedAmount.success) {
    const message = parsedAmount.error.issues[0]?.message ?? 'Invalid amount';
    return { problem: new AppError(400, 'validation', message, 'amount') };
  }
  const amount = parsedAmount.data;
  const parsedMax = placeBidSchema.shape.maxAmount.safeParse(fields.maxAmount);
  if (!parsedMax.success) {
    const message = parsedMax.error.issues[0]?.message ?? 'Invalid maximum';
    return { problem: new AppError(400, 'validation', message, 'maxAmount') };
  }
  const maxAmount = parsedMax.data;
  const amountCents = parseMoneyToCents(amount) ?? 0;
  const maxCents = maxAmount === undefined ? amountCents : (parseMoneyToCents(maxAmount) ?? 0);
  if (maxCents < amountCents) return { problem: badRequest(MAX_BELOW_AMOUNT_MESSAGE, 'maxAmount') };
  return { problem: null, amount, maxAmount, maxCents, field: maxAmount === undefined ? 'amount' : 'maxAmount' };
}

/**
 * POST /api/bids. Refuses in this order: no such auction (or a hidden one), the bidder's profile
 * is incomplete, the bidder is the host, a block stands between them, the auction is not open,
 * the bidder has no card on file (docs/product.md §1: the win is charged to it), the amount (then
 * the optional `maxAmount`) is malformed, the maximum is below the amount, the maximum is below the
 * minimum or outside the money bounds (docs/auctions.md); a member past BIDS_PER_MINUTE is refused
 * before all of these (429).
 *
 * A bid costs ONE statement once the session is in the instance's session cache
 * (docs/performance.md), or a share of one when other bids on the auction arrive with it (the
 * bid queue): the call of the `place_bids` function (migration 0026), which makes every
 * check the database can make, in that order, and then accepts the bid under the auction row's
 * lock, or answers which check refused and the auction as it stood. The checks that need no
 * database (the amounts' format) run first, in the app; when one fails, the statement still runs,
 * with no amount, so a request wrong in several ways gets the message of the earliest check
 * (an unknown auction with a malformed amount is still 'Auction not found').
 */
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
  const auctionId = fields.auctionId;

  const amounts = readAmounts(fields);
  const run = (cardConfirmed: boolean) =>
    deps.bidQueue.place(auctionId, {
      bidderId,
      amount: amounts.problem ? null : amounts.amount,
      maxAmount: amounts.problem ? undefined : amounts.maxAmount,
      cardConfirmed,
      now: deps.now(),
      softCloseSeconds: deps.softCloseSeconds,
    });
  let outcome = await run(false);
  if (!outcome.accepted && outcome.refusal === 'card_unknown') {
    // The one case the database cannot decide: users.card_on_file is false (a member's first bid
    // since adding a card, or since removing one), so only the payment provider can tell. Ask it
    // (assertHasPaymentMethod refuses without a card, and remembers one it finds), then run the
    // statement again: a second statement, in this case only.
    await assertHasPaymentMethod(deps, { id: bidderId, stripeCustomerId: outcome.stripeCustomerId, cardOnFile: false });
    outcome = await run(true);
  }
  if (!outcome.accepted) refuse(outcome, amounts, deps.now());

  const after = outcome.auction;
  const leaderId = outcome.previousLeaderId;
  // The lead changed hands only when the bidder was not leading and no automatic bid answered them:
  // a leader whose maximum answered the bid is still leading and hears nothing (docs/realtime.md).
  const outbidId = leaderId && leaderId !== bidderId && !outcome.outbidByAutomaticBid ? leaderId : null;
  // The leader's new bid only raised their maximum (docs/auctions.md): nothing public changed,
  // unless it met the reserve, which moved the price.
  const raisedOwnMaximum = leaderId === bidderId && !outcome.metReserve;
  const maxAmount = amounts.problem ? undefined : amounts.maxAmount;
  return {
    recipients: { outbidId, raisedOwnMaximum },
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
      ...(outcome.reserveMet === undefined ? {} : { reserveMet: outcome.reserveMet }),
    },
  };
}

/** Throws what a refusal of `place_bids` is answered with: the same status, code, message and field as ever. */
function refuse(outcome: Extract<BidOutcome, { accepted: false }>, amounts: RequestAmounts, now: Date): never {
  switch (outcome.refusal) {
    case 'unauthorized':
      throw unauthorized();
    case 'rate_limited':
      throw tooManyRequests(BIDDING_TOO_FAST);
    case 'not_found':
      throw notFound(AUCTION_NOT_FOUND);
    case 'profile':
      throw badRequest(INCOMPLETE_PROFILE_FOR_BID);
    case 'own':
      throw forbidden(OWN_AUCTION_BID);
    case 'blocked':
      throw forbidden(BLOCKED_BID_MESSAGE);
    case 'ended':
      throw badRequest(AUCTION_HAS_ENDED);
    case 'card_unknown':
      // Answered only when the card was not confirmed; placeBid confirms it before calling again.
      throw new Error('place_bids asked about the card after it was confirmed');
    case 'checked':
    case 'refused':
      break;
  }
  // 'checked': every check before the amounts passed, so the amounts' own problem is the answer.
  if (amounts.problem) throw amounts.problem;
  if (!outcome.auction) throw notFound(AUCTION_NOT_FOUND);
  // 'refused': too low or out of bounds on the locked row, or another bid, the closing job, a
  // cancel or buy-now won the race: say why from the row as it now stands.
  assertOpen(outcome.auction, now);
  assertAmountAllowed(outcome.auction, amounts.maxCents, amounts.field);
  throw conflict('The auction changed while you were bidding. Please try again.');
}
