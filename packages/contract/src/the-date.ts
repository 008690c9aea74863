import { serviceFeeCents } from './payments.js';

/**
 * The date itself (issue 9, docs/the-date.md): how a won auction's money is settled once the date
 * has happened, or has not. docs/product.md §1: the share of the winning bid that transfers depends on the
 * agreed length of the date; the service fee is 10%; funds are held until then.
 */

/** After the date ends, either person may open a dispute for this long; then the money is released. */
export const DISPUTE_WINDOW_HOURS = 48;

/** A host with no 'arrived' check-in this long after the agreed start did not show up. */
export const HOST_NO_SHOW_GRACE_MINUTES = 30;

/** docs/product.md §1, word for word on every refund. */
export const REFUND_TIMING_TEXT = 'Refunds take 7-10 days';

/** What the check-ins say about a date, in the order the settlement rule asks. */
export interface DateAttendance {
  /** The winning bid, in cents (what the winner was charged). */
  winningBidCents: number;
  /** The agreed length of the date (the auction's expectedDuration), in minutes. */
  agreedMinutes: number;
  /** When each person checked in 'I've arrived' (null: never). */
  hostArrivedAt: Date | null;
  winnerArrivedAt: Date | null;
  /** When the date ended ('End date', or the end of Date Mode). */
  endedAt: Date | null;
}

export type SettlementReason = 'full_length' | 'shorter_than_agreed' | 'host_no_show' | 'winner_no_show';

/** Where every cent of the winning bid goes: fee + hostShare + refund = winningBidCents. */
export interface DateSettlement {
  reason: SettlementReason;
  feeCents: number;
  hostShareCents: number;
  refundCents: number;
  /** The minutes both were there (from the later arrival to the end), when both checked in. */
  minutesTogether: number | null;
}

/**
 * The settlement rule (docs/the-date.md, "Releasing the money"):
 * - The host did not check in: the date did not happen through the host, so the winner gets
 *   everything back, the fee included.
 * - The host checked in and the winner did not: the host kept the date, so the host gets the full
 *   share (the winning bid less the 10% fee); no refund.
 * - Both checked in: the time together (from the later arrival to the end) against the agreed
 *   length. At least the agreed length: the full share. Shorter: the share pro rata, rounded down
 *   to the cent; the rest of the share goes back to the winner. The fee is kept: the date happened.
 *
 * Pure and total: any input gives amounts that are whole, never negative, never more than the
 * winning bid less the fee for the host, and add up to the winning bid.
 */
export function settleDate(attendance: DateAttendance): DateSettlement {
  const bid = Math.max(0, Math.floor(attendance.winningBidCents));
  const fee = Math.min(bid, serviceFeeCents(bid));
  const fullShare = bid - fee;
  const { hostArrivedAt, winnerArrivedAt, endedAt } = attendance;

  if (!hostArrivedAt) {
    return { reason: 'host_no_show', feeCents: 0, hostShareCents: 0, refundCents: bid, minutesTogether: null };
  }
  if (!winnerArrivedAt) {
    return {
      reason: 'winner_no_show',
      feeCents: fee,
      hostShareCents: fullShare,
      refundCents: 0,
      minutesTogether: null,
    };
  }

  const together = Math.max(hostArrivedAt.getTime(), winnerArrivedAt.getTime());
  const minutesTogether = endedAt ? Math.max(0, Math.floor((endedAt.getTime() - together) / 60_000)) : 0;
  const agreed = Math.max(1, Math.floor(attendance.agreedMinutes));
  if (minutesTogether >= agreed) {
    return { reason: 'full_length', feeCents: fee, hostShareCents: fullShare, refundCents: 0, minutesTogether };
  }
  const hostShare = Math.floor((fullShare * minutesTogether) / agreed);
  return {
    reason: 'shorter_than_agreed',
    feeCents: fee,
    hostShareCents: hostShare,
    refundCents: fullShare - hostShare,
    minutesTogether,
  };
}

/** The words of the date's calendar invitation (docs/the-date.md "Calendar"). */
export const DATE_CALENDAR_TEXT = {
  summary: (auctionTitle: string) => `BidYourDate: ${auctionTitle}`,
  description: (otherFirstName: string | null, dateModeUrl: string) =>
    `Your date with ${otherFirstName?.trim() || 'your match'}. When you set off, open Date Mode: ${dateModeUrl}`,
  downloadLabel: 'Add to calendar',
} as const;
