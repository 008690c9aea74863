import {
  auctionChannel,
  BLOCKED_BID_MESSAGE,
  displayNameOf,
  INCOMPLETE_PROFILE_FOR_BID,
  isAuctionOpen,
  isProfileComplete,
  isBuyNowAvailable,
  isReserveMet,
  isUuid,
  parseMoneyToCents,
} from '@bid/contract';
import type { Db } from '../../../db/client.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../../lib/errors.js';
import { assertHasPaymentMethod } from '../../payments/payment-methods.service.js';
import type { PaymentProvider } from '../../payments/providers/payment-provider.js';
import { findMember } from '../../users/users.service.js';
import { isBlockedBetween } from '../../blocks/blocks.service.js';
import type { RealtimePublisher } from '../../realtime/hub.js';
import { acceptBuyNow, findAuctionForBuyNow } from './buy-now.repository.js';
import { boughtMessage, LIFECYCLE_TITLES, soldByBuyNowMessage } from './lifecycle.messages.js';

export const BUY_NOW_MESSAGES = {
  notFound: 'Auction not found',
  ownAuction: 'You cannot buy your own auction',
  notAvailable: 'Buy Now is not available for this auction',
  ended: 'Auction has ended',
} as const;

export interface BuyNowDeps {
  db: Db;
  /** Where the buyer's saved cards are: buying, like bidding, needs one (docs/payments.md). */
  paymentProvider: PaymentProvider;
  /** The live events sent after the purchase committed (docs/realtime.md). */
  realtime: RealtimePublisher;
}

export interface BuyNowResult {
  auction: { id: string; currentBid: string; bidCount: number; isActive: boolean; winnerId: string; endTime: string };
}

type AuctionForBuyNow = NonNullable<Awaited<ReturnType<typeof findAuctionForBuyNow>>>;

function hasEnded(auction: AuctionForBuyNow, now: Date): boolean {
  return auction.closedAt !== null || auction.cancelledAt !== null || !isAuctionOpen(auction, now);
}

/** The contract's rule: below the Buy Now price and, with a reserve, until the reserve is met. */
function buyNowAvailable(auction: AuctionForBuyNow): boolean {
  const reserveMet = isReserveMet({
    reserveCents: auction.reservePrice === null ? null : (parseMoneyToCents(auction.reservePrice) ?? null),
    priceCents: parseMoneyToCents(auction.currentBid) ?? 0,
    bidCount: auction.bidCount,
  });
  return isBuyNowAvailable({ ...auction, reserveMet });
}

/**
 * Buy Now (docs/auction-lifecycle.md): the buyer wins at once at the buy-now price, as if
 * they had bid it and the auction had then ended. The checks below give each refusal its
 * message; the conditional statement in `acceptBuyNow` is what actually decides, so a
 * buyer who loses a race is refused with the message that fits the auction as it now is.
 */
export async function buyNow(
  deps: BuyNowDeps,
  input: { buyerId: string; auctionId: string; now: Date },
): Promise<BuyNowResult> {
  const { db } = deps;
  const { buyerId, auctionId, now } = input;
  if (!isUuid(auctionId)) throw notFound(BUY_NOW_MESSAGES.notFound);
  const [auction, buyer] = await Promise.all([findAuctionForBuyNow(db, auctionId), findMember(db, buyerId)]);
  if (!auction) throw notFound(BUY_NOW_MESSAGES.notFound);
  if (!buyer) throw unauthorized();
  // docs/product.md §5: buying is bidding the buy-now price, so it needs the profile a bid needs.
  if (!isProfileComplete(buyer)) throw badRequest(INCOMPLETE_PROFILE_FOR_BID);
  if (auction.creatorId === buyerId) throw forbidden(BUY_NOW_MESSAGES.ownAuction);
  // Buying is bidding: a block either way refuses it as it refuses a bid (docs/trust-and-safety.md).
  if (await isBlockedBetween(db, buyerId, auction.creatorId)) throw forbidden(BLOCKED_BID_MESSAGE);
  if (hasEnded(auction, now)) throw badRequest(BUY_NOW_MESSAGES.ended);
  if (!buyNowAvailable(auction)) throw badRequest(BUY_NOW_MESSAGES.notAvailable);
  // The buyer wins at once and is charged like any winner, so they need a card on file.
  await assertHasPaymentMethod(deps, buyer);

  const buyerName = displayNameOf(buyer);
  const bought = await acceptBuyNow(db, {
    auctionId,
    buyerId,
    now,
    notifications: (sold) => [
      {
        userId: buyerId,
        type: 'auction_won',
        title: LIFECYCLE_TITLES.won,
        message: boughtMessage(sold.title, sold.currentBid),
        relatedAuctionId: sold.id,
        relatedUserId: sold.creatorId,
      },
      {
        userId: sold.creatorId,
        type: 'auction_ended',
        title: LIFECYCLE_TITLES.soldByBuyNow,
        message: soldByBuyNowMessage(buyerName, sold.title, sold.currentBid),
        relatedAuctionId: sold.id,
        relatedUserId: buyerId,
      },
    ],
  });

  if (!bought) {
    // Someone else bought it, a bid reached the price, the auction ended or was cancelled meanwhile.
    const current = await findAuctionForBuyNow(db, auctionId);
    if (!current || hasEnded(current, now)) throw badRequest(BUY_NOW_MESSAGES.ended);
    throw badRequest(BUY_NOW_MESSAGES.notAvailable);
  }

  const result = {
    auction: {
      id: bought.id,
      currentBid: bought.currentBid,
      bidCount: bought.bidCount,
      isActive: false,
      winnerId: bought.winnerId,
      endTime: now.toISOString(),
    },
  };
  // After the purchase committed (its notices refreshed the buyer's and the host's bells through
  // notify): pages showing the auction see the price, the count, the end and the winner.
  deps.realtime.publish(auctionChannel(bought.id), {
    type: 'bid_update',
    auctionId: bought.id,
    newBid: result.auction.currentBid,
    bidCount: result.auction.bidCount,
    endTime: result.auction.endTime,
    isActive: false,
    winnerId: bought.winnerId,
  });
  return result;
}
