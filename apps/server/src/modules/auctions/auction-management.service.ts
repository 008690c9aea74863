import {
  HELD_LISTING_EDIT_MESSAGE,
  IDENTITY_MESSAGES,
  createAuctionSchema,
  editAuctionSchema,
  findPreSubmitProblem,
  INCOMPLETE_PROFILE_FOR_AUCTION,
  isAuctionOpen,
  isProfileComplete,
  parseMoneyToCents,
  PRE_SUBMIT_MESSAGES,
  RESERVE_PRICE_MESSAGES,
  auctionChannel,
  type AuctionListItem,
} from '@bid/contract';
import type { Db } from '../../db/client.js';
import type { Auction, User } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { geocode } from '../../lib/geo.js';
import { findMember } from '../users/users.service.js';
import { notifyBiddersOfChange } from './auction-notices.js';
import { presentAuctionListItem } from './auctions.presenter.js';
import {
  cancelOpenAuction,
  findAuctionById,
  insertAuction,
  liftPriceToReserve,
  updateOpenAuction,
  type AuctionEdit,
} from './auctions.repository.js';
import { AUCTION_NOT_FOUND, assertAuctionId, coordinatesOfUser, type AuctionsDeps } from './auctions.service.js';
import { parseOrThrow } from '../../lib/validation.js';
import { screenListing } from './listing-screening.js';
import { FEEDBACK_MESSAGES } from '@bid/contract';
import { isSuspendedFromHosting } from '../feedback/feedback.service.js';
import { reputationColumnsOf } from '../feedback/reputation.js';
import { queueVisibleAuction } from '../saved-searches/saved-searches.service.js';

export const BUY_NOW_ABOVE_CURRENT_BID = 'Buy now price must be higher than the current bid.';
export const NOT_YOUR_AUCTION_EDIT = 'You can only edit your own auctions.';
export const NOT_YOUR_AUCTION_CANCEL = 'You can only cancel your own auctions.';

const CLOSED_MESSAGES = {
  edit: {
    cancelled: 'This auction has been cancelled and can no longer be edited.',
    ended: 'This auction has ended and can no longer be edited.',
  },
  cancel: {
    cancelled: 'This auction has already been cancelled.',
    ended: 'This auction has ended and can no longer be cancelled.',
  },
} as const;

/**
 * Where an auction is on the map: its location text through the gazetteer, else the
 * creator's own coordinates (a host usually offers a date near home, and an auction without
 * coordinates would never show under a distance filter). Null when neither is known.
 */
function placeAuction(location: string | null, creator: Pick<User, 'latitude' | 'longitude'>) {
  const found = (location ? geocode({ location }) : null) ?? coordinatesOfUser(creator);
  return found
    ? { latitude: found.latitude.toFixed(8), longitude: found.longitude.toFixed(8) }
    : { latitude: null, longitude: null };
}

/**
 * POST /api/auctions. Checks in the order of docs/product.md §5: profile complete, then the form's
 * messages, then the pre-submit checks (end date, end in the future, buy-now above start).
 */
export async function createAuction(deps: AuctionsDeps, userId: string, body: unknown): Promise<AuctionListItem> {
  const creator = await findMember(deps.db, userId);
  if (!creator) throw unauthorized();
  if (!isProfileComplete(creator)) throw badRequest(INCOMPLETE_PROFILE_FOR_AUCTION);
  if (deps.requireVerifiedHosts && creator.identityVerificationStatus !== 'verified') {
    throw forbidden(IDENTITY_MESSAGES.verifiedHostRequired);
  }
  // Issue 35: repeated no-shows as host pause hosting until a moderator lifts it.
  if (await isSuspendedFromHosting(deps.db, creator.id)) throw forbidden(FEEDBACK_MESSAGES.hostingSuspended);

  const input = parseOrThrow(createAuctionSchema, body ?? {});
  const now = deps.now();
  const problem = findPreSubmitProblem(input, now);
  if (problem) {
    throw badRequest(problem.description, problem === PRE_SUBMIT_MESSAGES.buyNowTooLow ? 'buyNowPrice' : 'endTime');
  }
  // Screening last, so a form with a mistake hears about the mistake first.
  const held = screenListing(input, now);

  // The auction is queued for the saved-search match in its own transaction, and matched after
  // the commit without the request waiting (docs/notifications.md "Saved searches: matched after
  // the commit"). A listing held for review is queued when a moderator approves it
  // (onHeldListingPublished, app.ts).
  const auction = await deps.db.transaction(async (tx) => {
    const inserted = await insertAuction(tx, {
      creatorId: creator.id,
      title: input.title,
      description: input.description,
      dateType: input.dateType,
      location: input.location,
      ...placeAuction(input.location, creator),
      locationRadius: input.locationRadius,
      startingBid: input.startingBid,
      currentBid: input.startingBid,
      buyNowPrice: input.buyNowPrice ?? null,
      reservePrice: input.reservePrice ?? null,
      paymentResponsibility: input.paymentResponsibility,
      paymentNotes: input.paymentNotes ?? null,
      expectedDuration: input.expectedDuration,
      endTime: new Date(input.endTime),
      bidCount: 0,
      ...held,
    });
    if (!held) await queueVisibleAuction(tx, inserted.id);
    return inserted;
  });
  if (!held) deps.announceAuction?.(auction.id);
  return presentOwnAuction(auction, { ...creator, ...(await reputationColumnsOf(deps.db, creator.id)) });
}

/** Create, edit and cancel answer the host: their own reserve price is in it (null: none). */
function presentOwnAuction(auction: Auction, creator: Parameters<typeof presentAuctionListItem>[1]): AuctionListItem {
  return { ...presentAuctionListItem(auction, creator), reservePrice: auction.reservePrice };
}

const centsOf = (amount: string | null) => (amount === null ? null : (parseMoneyToCents(amount) ?? 0));

/**
 * A new reserve price against the stored auction (docs/auctions.md, "Reserve price"): at least
 * the starting bid, and once bids are in only lower (removing it counts as lower). True when it
 * raises or sets one, which the update then allows only while there are still no bids.
 */
function checkReserveChange(auction: Auction, reservePrice: string | null): boolean {
  const next = centsOf(reservePrice);
  const current = centsOf(auction.reservePrice);
  if (next !== null && next < (centsOf(auction.startingBid) ?? 0)) {
    throw badRequest(RESERVE_PRICE_MESSAGES.belowStartingBid, 'reservePrice');
  }
  const raises = next !== null && (current === null || next > current);
  if (raises && auction.bidCount > 0) throw badRequest(RESERVE_PRICE_MESSAGES.onlyLower, 'reservePrice');
  return raises;
}

/** Loads the auction an owner acts on: 404 when there is none, 403 when it is someone else's. */
async function getOwnAuction(db: Db, userId: string, id: unknown, notYours: string): Promise<Auction> {
  assertAuctionId(id);
  const auction = await findAuctionById(db, id);
  if (!auction) throw notFound(AUCTION_NOT_FOUND);
  if (auction.creatorId !== userId) throw forbidden(notYours);
  return auction;
}

/** 409 with a clear message when the auction is no longer open (cancelled, closed or past its end). */
function assertStillOpen(auction: Auction, now: Date, action: keyof typeof CLOSED_MESSAGES): void {
  if (auction.cancelledAt) throw conflict(CLOSED_MESSAGES[action].cancelled);
  if (auction.closedAt || !isAuctionOpen(auction, now)) throw conflict(CLOSED_MESSAGES[action].ended);
}

function assertBuyNowAboveCurrentBid(auction: Pick<Auction, 'bidCount' | 'currentBid'>, buyNowPrice: string) {
  const buyNow = parseMoneyToCents(buyNowPrice) ?? 0;
  if (buyNow > (parseMoneyToCents(auction.currentBid) ?? 0)) return;
  // Before any bid the current bid is the starting bid, so the create form's wording fits.
  throw badRequest(
    auction.bidCount === 0 ? PRE_SUBMIT_MESSAGES.buyNowTooLow.description : BUY_NOW_ABOVE_CURRENT_BID,
    'buyNowPrice',
  );
}

/**
 * PUT /api/auctions/{id} (docs/product.md §5 "Auction edit"): the owner changes title, description,
 * location or buy-now of an open auction. Only fields that differ are written; nothing
 * differing means no write and no notices. A real change is for the bidders to hear about
 * (`notifyBiddersOfChange`, off until the notification type exists).
 */
export async function editAuction(deps: AuctionsDeps, userId: string, id: unknown, body: unknown) {
  const auction = await getOwnAuction(deps.db, userId, id, NOT_YOUR_AUCTION_EDIT);
  const creator = await findMember(deps.db, userId);
  if (!creator) throw unauthorized();
  const now = deps.now();
  if (auction.reviewStatus === 'pending') throw conflict(HELD_LISTING_EDIT_MESSAGE);
  assertStillOpen(auction, now, 'edit');
  const input = parseOrThrow(editAuctionSchema, body ?? {});

  const patch: AuctionEdit = {};
  if (input.title !== undefined && input.title !== auction.title) patch.title = input.title;
  if (input.description !== undefined && input.description !== auction.description) {
    patch.description = input.description;
  }
  if (input.location !== undefined && (input.location || null) !== auction.location) {
    patch.location = input.location || null;
    Object.assign(patch, placeAuction(patch.location, creator));
  }
  if (input.buyNowPrice !== undefined && input.buyNowPrice !== auction.buyNowPrice) {
    if (input.buyNowPrice !== null) assertBuyNowAboveCurrentBid(auction, input.buyNowPrice);
    patch.buyNowPrice = input.buyNowPrice;
  }
  let raisesReserve = false;
  if (input.reservePrice !== undefined && centsOf(input.reservePrice) !== centsOf(auction.reservePrice)) {
    raisesReserve = checkReserveChange(auction, input.reservePrice);
    patch.reservePrice = input.reservePrice;
  }
  if (Object.keys(patch).length === 0)
    return presentOwnAuction(auction, { ...creator, ...(await reputationColumnsOf(deps.db, creator.id)) });
  // Edits are screened again: only the text that changed, which the moderators have not seen.
  const held = screenListing({ title: patch.title, description: patch.description, location: patch.location }, now);
  if (held) Object.assign(patch, held);

  const { updated, lifted } = await deps.db.transaction(async (tx) => {
    const row = await updateOpenAuction(tx, { id: auction.id, ownerId: userId, now, patch, raisesReserve });
    if (!row) return { updated: row, lifted: undefined };
    await notifyBiddersOfChange(tx, row, 'updated');
    // A lowered reserve the leader's maximum now meets lifts the price to it, as a bid would.
    const liftedTo = patch.reservePrice ? await liftPriceToReserve(tx, { id: row.id, now }) : undefined;
    return { updated: liftedTo ? await findAuctionById(tx, row.id) : row, lifted: liftedTo };
  });
  if (!updated) {
    // A bid, the closing job or a cancel got there first: say which rule now fails.
    const fresh = await findAuctionById(deps.db, auction.id);
    if (!fresh) throw notFound(AUCTION_NOT_FOUND);
    assertStillOpen(fresh, deps.now(), 'edit');
    if (patch.buyNowPrice) assertBuyNowAboveCurrentBid(fresh, patch.buyNowPrice);
    if (patch.reservePrice !== undefined) checkReserveChange(fresh, patch.reservePrice);
    throw conflict('The auction changed while you were editing it. Please try again.');
  }
  if (lifted) {
    // After the commit: pages showing the auction hear "Reserve met" and the new price.
    deps.realtime?.publish(auctionChannel(updated.id), {
      type: 'bid_update',
      auctionId: updated.id,
      newBid: lifted.currentBid,
      bidCount: lifted.bidCount,
      endTime: lifted.endTime.toISOString(),
      isActive: true,
      winnerId: null,
      reserveMet: true,
    });
  }
  return presentOwnAuction(updated, { ...creator, ...(await reputationColumnsOf(deps.db, creator.id)) });
}

/**
 * DELETE /api/auctions/{id}: the owner cancels an open auction for good (docs/product.md §4): it stops
 * taking bids and has no winner. Its bidders are to be told (`notifyBiddersOfChange`, off
 * until the notification type exists).
 */
export async function cancelAuction(deps: AuctionsDeps, userId: string, id: unknown) {
  const auction = await getOwnAuction(deps.db, userId, id, NOT_YOUR_AUCTION_CANCEL);
  const now = deps.now();
  assertStillOpen(auction, now, 'cancel');
  const cancelled = await deps.db.transaction(async (tx) => {
    const row = await cancelOpenAuction(tx, { id: auction.id, ownerId: userId, now });
    if (row) await notifyBiddersOfChange(tx, row, 'cancelled');
    return row;
  });
  if (!cancelled) {
    const fresh = await findAuctionById(deps.db, auction.id);
    if (!fresh) throw notFound(AUCTION_NOT_FOUND);
    assertStillOpen(fresh, deps.now(), 'cancel');
    throw conflict('The auction changed while you were cancelling it. Please try again.');
  }
  const creator = await findMember(deps.db, userId);
  if (!creator) throw unauthorized();
  return presentOwnAuction(cancelled, { ...creator, ...(await reputationColumnsOf(deps.db, creator.id)) });
}
