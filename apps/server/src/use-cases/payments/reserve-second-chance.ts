import {
  displayNameOf,
  isCanonicalUuid,
  RESERVE_SECOND_CHANCE_MESSAGES,
  secondChanceRequestSchema,
  type SecondChanceOfferResponse,
} from '@bid/contract';
import type { Db } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { parseOrThrow } from '../../lib/validation.js';
import { AUCTION_NOT_FOUND } from '../../modules/auctions/auctions.service.js';
import { offerBelowReserve } from '../../modules/payments/charges/second-chance.js';
import type { RealtimePublisher } from '../../modules/realtime/hub.js';
import { findUserById } from '../../modules/users/users.repository.js';

/**
 * POST /api/auctions/{id}/second-chance (docs/auctions.md, "Reserve price"): the host of an
 * auction that ended below its reserve offers the highest bidder the date at their highest bid.
 * The bidder accepts or declines in Payments (POST /api/payments/{chargeId}/accept), and an
 * accepted offer makes them the winner and is charged by the normal payment path.
 */
export async function sendReserveSecondChance(
  deps: { db: Db; now: () => Date; realtime: RealtimePublisher },
  hostId: string,
  auctionId: string,
  body: unknown,
): Promise<SecondChanceOfferResponse> {
  if (!isCanonicalUuid(auctionId)) throw notFound(AUCTION_NOT_FOUND);
  parseOrThrow(secondChanceRequestSchema, body);
  const outcome = await offerBelowReserve(deps.db, { auctionId, hostId, now: deps.now() });
  if (!outcome.sent) {
    switch (outcome.refusal) {
      case 'not_found':
        throw notFound(AUCTION_NOT_FOUND);
      case 'not_host':
        throw forbidden(RESERVE_SECOND_CHANCE_MESSAGES.notYours);
      case 'not_ended':
        throw conflict(RESERVE_SECOND_CHANCE_MESSAGES.notEnded);
      case 'no_bids':
        throw conflict(RESERVE_SECOND_CHANCE_MESSAGES.noBids);
      case 'reserve_met':
        throw conflict(RESERVE_SECOND_CHANCE_MESSAGES.reserveMet);
      case 'already_sent':
        throw conflict(RESERVE_SECOND_CHANCE_MESSAGES.alreadySent);
    }
  }
  // After the commit: the bidder's bell reads their offer.
  deps.realtime.publishToUser(outcome.bidderId, { type: 'notifications_changed' });
  const bidder = await findUserById(deps.db, outcome.bidderId);
  return {
    id: outcome.chargeId,
    auctionId: outcome.auctionId,
    status: 'offered',
    amount: outcome.amount,
    payBy: outcome.payBy.toISOString(),
    bidder: { id: outcome.bidderId, displayName: bidder ? displayNameOf(bidder) : 'Anonymous' },
  };
}
