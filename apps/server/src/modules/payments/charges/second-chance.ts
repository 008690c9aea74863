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
  secondChanceHostMessage,
  secondChanceWonMessage,
} from './charge.messages.js';
import { insertOffers } from './charges.repository.js';
import {
  clearWinners,
  expireCharges,
  findNextBidders,
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
  const nextBidderOf = await findNextBidders(
    tx,
    ending.map(({ charge }) => charge.auctionId),
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
      noticesOf(charge, how, nextBidderOf.get(charge.auctionId), { payBy, now }),
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
