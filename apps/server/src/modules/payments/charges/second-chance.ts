import { displayNameOf, parseMoneyToCents, SECOND_CHANCE_OFFER_HOURS } from '@bid/contract';
import type { Db } from '../../../db/client.js';
import type { NewNotification } from '../../../db/schema/index.js';
import { notify } from '../../notifications/notify.js';
import {
  CHARGE_TITLES,
  nobodyCouldPayMessage,
  offeredHostMessage,
  offeredMessage,
  offerLapsedMessage,
  releasedMessage,
  reserveOfferedMessage,
  reserveOfferNotTakenMessage,
  secondChanceHostMessage,
  secondChanceWonMessage,
} from './charge.messages.js';
import { insertOffer, insertOffers } from './charges.repository.js';
import {
  clearWinners,
  expireCharges,
  findAuctionsBelowReserve,
  findNextBidders,
  lockAuctionForReserveOffer,
  lockLapsedOpenCharges,
  lockOpenOffer,
  markOfferAccepted,
  setWinnerOfOffer,
  type NextBidder,
  type OpenCharge,
} from './second-chance.repository.js';

/** Lapsed charges and offers ended per transaction. */
export const RELEASE_BATCH_LIMIT = 20;

export interface ReleasedWin {
  auctionId: string;
  expiredChargeId: string;
  /** The winner who did not pay, or the runner-up who declined or let their offer lapse. */
  previousPayerId: string;
  /** The next bidder now offered the date, or null when no bidder is left. */
  offeredToId: string | null;
  /** The auction's winner after this: nobody, until an offer is accepted (pages are told so). */
  newWinnerId: null;
}

/** How a winner's charge or a runner-up's offer came to end. */
type Ending = 'unpaid' | 'lapsed' | 'declined';

/**
 * Second chance (docs/charging-and-ledger.md): a winner whose charge failed and who did not fix
 * their card by `pay_by` loses the win, and the next-highest bidder is OFFERED the date at their
 * own highest bid. At closing every losing bidder was told they would not be charged, so
 * nobody is charged without saying yes: an offer is a charge row in status `offered` that
 * nobody collects until its bidder accepts it (acceptOffer) within SECOND_CHANCE_OFFER_HOURS.
 * This sweep also ends offers left unanswered past their deadline and offers the date to the
 * next bidder in turn; with nobody left the auction keeps no winner.
 *
 * Exactly once across instances: the rows are locked FOR UPDATE SKIP LOCKED and everything
 * happens in that one transaction; a sweeper that reaches a row after this commit re-checks it,
 * sees `expired` and leaves it. A retry, an accept or a decline racing the sweep is conditional
 * on the deadline not having passed, so only one of them changes the row.
 */
export async function releaseUnpaidWins(db: Db, now: Date, limit = RELEASE_BATCH_LIMIT): Promise<ReleasedWin[]> {
  return db.transaction(async (tx) => {
    const due = await lockLapsedOpenCharges(tx, now, limit);
    return passToNextBidders(
      tx,
      due.map((charge) => ({ charge, ending: charge.status === 'failed' ? 'unpaid' : 'lapsed' })),
      now,
    );
  });
}

/**
 * The runner-up says no: their offer ends and the next bidder is offered the date at once, by
 * the same steps as the sweep. Undefined when the offer is not open (any more).
 */
export async function declineOffer(
  db: Db,
  input: { chargeId: string; payerId: string; now: Date },
): Promise<ReleasedWin | undefined> {
  return db.transaction(async (tx) => {
    const offer = await lockOpenOffer(tx, input);
    if (!offer) return undefined;
    const [released] = await passToNextBidders(tx, [{ charge: offer, ending: 'declined' }], input.now);
    return released;
  });
}

/**
 * The runner-up says yes: the offer becomes a pending charge (the worker collects it right
 * after, see payments.service.ts) and the auction's winner. Undefined when it is not open.
 */
export async function acceptOffer(
  db: Db,
  input: { chargeId: string; payerId: string; now: Date },
): Promise<{ auctionId: string } | undefined> {
  return db.transaction(async (tx) => {
    const accepted = await markOfferAccepted(tx, input);
    if (!accepted) return undefined;
    // Only a released win is offered, and one offer is open at a time, so nobody holds it now.
    const isWinner = await setWinnerOfOffer(tx, {
      auctionId: accepted.auctionId,
      winnerId: input.payerId,
      now: input.now,
    });
    if (!isWinner) throw new Error(`Auction ${accepted.auctionId} has a winner while an offer is open`);
    const winnerName = displayNameOf({ firstName: accepted.payerFirstName, lastName: accepted.payerLastName });
    await notify(tx, [
      {
        userId: input.payerId,
        type: 'auction_won',
        title: CHARGE_TITLES.secondChanceWon,
        message: secondChanceWonMessage(accepted.auctionTitle, accepted.amountCents),
        relatedAuctionId: accepted.auctionId,
        // The new winner and the host may now message each other (docs/product.md §1).
        relatedUserId: accepted.payeeId,
      },
      {
        userId: accepted.payeeId,
        type: 'auction_ended',
        title: CHARGE_TITLES.secondChanceHost,
        message: secondChanceHostMessage(accepted.auctionTitle, winnerName, accepted.amountCents),
        relatedAuctionId: accepted.auctionId,
        relatedUserId: input.payerId,
      },
    ]);
    return { auctionId: accepted.auctionId };
  });
}

/** Ends the locked charges and offers, and offers each auction to its next bidder, in the caller's transaction. */
async function passToNextBidders(
  tx: Db,
  ending: ReadonlyArray<{ charge: OpenCharge; ending: Ending }>,
  now: Date,
): Promise<ReleasedWin[]> {
  if (ending.length === 0) return [];
  // Expired first: the offers below need the one-live-charge-per-auction slot, and whoever
  // just lost theirs must not be offered again.
  await expireCharges(
    tx,
    ending.map(({ charge }) => charge.id),
    now,
  );
  await clearWinners(
    tx,
    ending.filter((item) => item.ending === 'unpaid').map(({ charge }) => charge.auctionId),
    now,
  );
  // An auction that ended below its reserve had one offer, the host's: it never passes on.
  const belowReserve = await findAuctionsBelowReserve(
    tx,
    ending.map(({ charge }) => charge.auctionId),
  );
  const nextBidderOf = await findNextBidders(
    tx,
    ending.map(({ charge }) => charge.auctionId).filter((id) => !belowReserve.has(id)),
  );
  const payBy = new Date(now.getTime() + SECOND_CHANCE_OFFER_HOURS * 3_600_000);

  await insertOffers(
    tx,
    ending.flatMap(({ charge }) => {
      const next = nextBidderOf.get(charge.auctionId);
      return next
        ? [{ auctionId: charge.auctionId, payerId: next.bidderId, payeeId: charge.payeeId, amount: next.amount }]
        : [];
    }),
    payBy,
    now,
  );
  await notify(
    tx,
    ending.flatMap(({ charge, ending: how }) =>
      noticesOf(charge, how, nextBidderOf.get(charge.auctionId), { payBy, now }, belowReserve.has(charge.auctionId)),
    ),
  );
  return ending.map(({ charge }) => ({
    auctionId: charge.auctionId,
    expiredChargeId: charge.id,
    previousPayerId: charge.payerId,
    offeredToId: nextBidderOf.get(charge.auctionId)?.bidderId ?? null,
    newWinnerId: null,
  }));
}

/**
 * Who hears what when a charge or offer ends. The host hears when their winner could not pay
 * and when the date finds a taker or nobody; offers passing between bidders are not news to them.
 */
function noticesOf(
  charge: OpenCharge,
  how: Ending,
  next: NextBidder | undefined,
  offer: { payBy: Date; now: Date },
  belowReserve = false,
): NewNotification[] {
  const about = { relatedAuctionId: charge.auctionId };
  const notices: NewNotification[] = [];
  if (how === 'unpaid') {
    notices.push({
      ...about,
      userId: charge.payerId,
      type: 'payment_failed',
      title: CHARGE_TITLES.released,
      message: releasedMessage(charge.auctionTitle, next !== undefined),
    });
  } else if (how === 'lapsed') {
    notices.push({
      ...about,
      userId: charge.payerId,
      type: 'auction_lost',
      title: CHARGE_TITLES.offerLapsed,
      message: offerLapsedMessage(charge.auctionTitle, next !== undefined),
    });
  }
  if (!next && belowReserve && how !== 'unpaid') {
    // The host's own offer below the reserve was declined or lapsed: nobody else is asked.
    notices.push({
      ...about,
      userId: charge.payeeId,
      type: 'auction_ended',
      title: CHARGE_TITLES.reserveOfferNotTaken,
      message: reserveOfferNotTakenMessage(charge.auctionTitle),
    });
    return notices;
  }
  if (!next) {
    notices.push({
      ...about,
      userId: charge.payeeId,
      type: 'auction_ended',
      title: CHARGE_TITLES.nobodyCouldPay,
      message: nobodyCouldPayMessage(charge.auctionTitle, how !== 'unpaid'),
    });
    return notices;
  }
  if (how === 'unpaid') {
    notices.push({
      ...about,
      userId: charge.payeeId,
      type: 'auction_ended',
      title: CHARGE_TITLES.offeredHost,
      message: offeredHostMessage(charge.auctionTitle),
    });
  }
  notices.push({
    ...about,
    userId: next.bidderId,
    // auction_won: the closest type a member's list knows for "the date can be yours".
    type: 'auction_won',
    title: CHARGE_TITLES.offered,
    message: offeredMessage(charge.auctionTitle, parseMoneyToCents(next.amount) ?? 0, offer.payBy, offer.now),
  });
  return notices;
}

/** Why the host may not send a second-chance offer below the reserve (the route's answer), or the offer. */
export type ReserveOfferOutcome =
  | { sent: true; chargeId: string; auctionId: string; bidderId: string; amount: string; payBy: Date }
  | { sent: false; refusal: 'not_found' | 'not_host' | 'not_ended' | 'reserve_met' | 'no_bids' | 'already_sent' };

/**
 * The host's second-chance offer on an auction that ended below its reserve (docs/auctions.md,
 * "Reserve price"): the highest bidder is offered the date at their own highest bid, as an
 * `offered` charge they accept or decline in Payments within SECOND_CHANCE_OFFER_HOURS, like the
 * runner-up's offer when a winner cannot pay. One offer per auction: the auction's row is locked
 * and any charge it ever had refuses another (and the unique indexes hold besides). Declined or
 * lapsed, it passes to nobody (passToNextBidders).
 */
export async function offerBelowReserve(
  db: Db,
  input: { auctionId: string; hostId: string; now: Date },
): Promise<ReserveOfferOutcome> {
  return db.transaction(async (tx) => {
    const auction = await lockAuctionForReserveOffer(tx, input.auctionId);
    if (!auction) return { sent: false, refusal: 'not_found' };
    if (auction.creatorId !== input.hostId) return { sent: false, refusal: 'not_host' };
    if (auction.isActive || auction.closedAt === null || auction.cancelledAt !== null) {
      return { sent: false, refusal: auction.cancelledAt !== null ? 'reserve_met' : 'not_ended' };
    }
    if (auction.bidCount === 0) return { sent: false, refusal: 'no_bids' };
    if (!auction.belowReserve) return { sent: false, refusal: 'reserve_met' };
    if (auction.hasCharge) return { sent: false, refusal: 'already_sent' };
    const highest = (await findNextBidders(tx, [auction.id])).get(auction.id);
    if (!highest) return { sent: false, refusal: 'no_bids' };
    const payBy = new Date(input.now.getTime() + SECOND_CHANCE_OFFER_HOURS * 3_600_000);
    const chargeId = await insertOffer(
      tx,
      { auctionId: auction.id, payerId: highest.bidderId, payeeId: auction.creatorId, amount: highest.amount },
      payBy,
      input.now,
    );
    if (!chargeId) return { sent: false, refusal: 'already_sent' };
    await notify(tx, [
      {
        userId: highest.bidderId,
        // auction_won: the closest type a member's list knows for "the date can be yours".
        type: 'auction_won',
        title: CHARGE_TITLES.offered,
        message: reserveOfferedMessage(auction.title, parseMoneyToCents(highest.amount) ?? 0, payBy, input.now),
        relatedAuctionId: auction.id,
        relatedUserId: auction.creatorId,
      },
    ]);
    return {
      sent: true,
      chargeId,
      auctionId: auction.id,
      bidderId: highest.bidderId,
      amount: highest.amount,
      payBy,
    };
  });
}
