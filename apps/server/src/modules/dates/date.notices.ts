import { DATE_NOTIFICATION_TITLES, formatAmountPlain, REFUND_TIMING_TEXT } from '@bid/contract';
import type { NewNotification } from '../../db/schema/index.js';
import type { DateRecord } from './dates.repository.js';

/**
 * The notifications of the date (docs/the-date.md). Plans and places are private to the two
 * people, so a notice names the auction and points to where the details are, never a place.
 */

const money = (cents: number) => `$${formatAmountPlain(cents)}`;

export interface Pair {
  auctionId: string;
  auctionTitle: string;
  hostId: string;
  winnerId: string;
}

/** The two people of a date, as its notices name them. */
export const pairOf = (date: DateRecord): Pair => ({
  auctionId: date.auctionId,
  auctionTitle: date.auctionTitle,
  hostId: date.host.id,
  winnerId: date.winner.id,
});

const notice = (
  userId: string,
  relatedUserId: string,
  pair: Pair,
  type: NewNotification['type'],
  title: string,
  message: string,
): NewNotification => ({ userId, relatedUserId, relatedAuctionId: pair.auctionId, type, title, message });

/** The same notice to the host and to the winner, each related to the other. */
const toBoth = (pair: Pair, type: NewNotification['type'], title: string, message: string): NewNotification[] => [
  notice(pair.hostId, pair.winnerId, pair, type, title, message),
  notice(pair.winnerId, pair.hostId, pair, type, title, message),
];

/** A notice to the person of the pair who is not `actorId`, about what `actorId` did. */
const toOther = (
  pair: Pair,
  actorId: string,
  type: NewNotification['type'],
  title: string,
  message: string,
): NewNotification =>
  notice(actorId === pair.hostId ? pair.winnerId : pair.hostId, actorId, pair, type, title, message);

export function proposedNotice(pair: Pair, proposerId: string, proposerName: string): NewNotification {
  return toOther(
    pair,
    proposerId,
    'date_plan',
    DATE_NOTIFICATION_TITLES.proposed,
    `${proposerName} proposed a time and place for "${pair.auctionTitle}". Open your chat to accept it or propose another.`,
  );
}

export function agreedNotices(pair: Pair): NewNotification[] {
  return toBoth(
    pair,
    'date_plan',
    DATE_NOTIFICATION_TITLES.agreed,
    `Your plan for "${pair.auctionTitle}" is agreed. It is on the auction page, and you will get a reminder before it.`,
  );
}

export function reminderNotices(pair: Pair, minutes: number): NewNotification[] {
  return toBoth(
    pair,
    'date_reminder',
    DATE_NOTIFICATION_TITLES.reminder,
    `Your date for "${pair.auctionTitle}" starts in ${minutes} minutes or less. Start Date Mode from the auction page when you set off.`,
  );
}

export function startedNotice(pair: Pair, starterId: string, starterName: string): NewNotification {
  return toOther(
    pair,
    starterId,
    'date_mode',
    DATE_NOTIFICATION_TITLES.started,
    `${starterName} started Date Mode for "${pair.auctionTitle}".`,
  );
}

export function endedNotices(pair: Pair, disputeUntilText: string): NewNotification[] {
  return toBoth(
    pair,
    'date_mode',
    DATE_NOTIFICATION_TITLES.ended,
    `Your date for "${pair.auctionTitle}" has ended. The host's share is released ${disputeUntilText} unless a refund is requested.`,
  );
}

export function noShowNotices(pair: Pair, refundCents: number): NewNotification[] {
  return [
    notice(
      pair.winnerId,
      pair.hostId,
      pair,
      'refund',
      DATE_NOTIFICATION_TITLES.noShow,
      `The host of "${pair.auctionTitle}" did not check in, so you get everything back: ${money(refundCents)}. ${REFUND_TIMING_TEXT}.`,
    ),
    notice(
      pair.hostId,
      pair.winnerId,
      pair,
      'refund',
      DATE_NOTIFICATION_TITLES.noShow,
      `You did not check in for "${pair.auctionTitle}", so the winner was refunded in full.`,
    ),
  ];
}

export function refundRequestedNotice(pair: Pair): NewNotification {
  return notice(
    pair.hostId,
    pair.winnerId,
    pair,
    'refund',
    DATE_NOTIFICATION_TITLES.refundRequested,
    `The winner of "${pair.auctionTitle}" asked for a refund. Our moderators will decide; your share is held until then.`,
  );
}

export function refundDecidedNotices(pair: Pair, refundCents: number): NewNotification[] {
  const winnerMessage =
    refundCents > 0
      ? `Your refund request for "${pair.auctionTitle}" was decided: ${money(refundCents)} comes back to you. ${REFUND_TIMING_TEXT}.`
      : `Your refund request for "${pair.auctionTitle}" was declined.`;
  const hostMessage =
    refundCents > 0
      ? `The refund request for "${pair.auctionTitle}" was decided: ${money(refundCents)} goes back to the winner.`
      : `The refund request for "${pair.auctionTitle}" was declined.`;
  return [
    notice(pair.winnerId, pair.hostId, pair, 'refund', DATE_NOTIFICATION_TITLES.refundDecided, winnerMessage),
    notice(pair.hostId, pair.winnerId, pair, 'refund', DATE_NOTIFICATION_TITLES.refundDecided, hostMessage),
  ];
}

export function releasedNotice(pair: Pair, shareCents: number): NewNotification {
  return notice(
    pair.hostId,
    pair.winnerId,
    pair,
    'payout',
    DATE_NOTIFICATION_TITLES.released,
    `Your share of "${pair.auctionTitle}", ${money(shareCents)}, is released.`,
  );
}

export function refundSentNotice(pair: Pair, refundCents: number): NewNotification {
  return notice(
    pair.winnerId,
    pair.hostId,
    pair,
    'refund',
    DATE_NOTIFICATION_TITLES.refundSent,
    `${money(refundCents)} for "${pair.auctionTitle}" is on its way back to your card. ${REFUND_TIMING_TEXT}.`,
  );
}

export function paidOutNotice(pair: Pair, shareCents: number): NewNotification {
  return notice(
    pair.hostId,
    pair.winnerId,
    pair,
    'payout',
    DATE_NOTIFICATION_TITLES.paidOut,
    `${money(shareCents)} for "${pair.auctionTitle}" was sent to your payout account.`,
  );
}

export function payoutWaitingNotice(pair: Pair, shareCents: number): NewNotification {
  return notice(
    pair.hostId,
    pair.winnerId,
    pair,
    'payout',
    DATE_NOTIFICATION_TITLES.payoutWaiting,
    `${money(shareCents)} for "${pair.auctionTitle}" is waiting for you. Connect a payout account on your profile to receive it.`,
  );
}
