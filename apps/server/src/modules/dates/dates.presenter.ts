import {
  centsToMoneyString,
  dateModeOpensAt,
  EMERGENCY_NUMBER,
  type DateState,
  type LastPosition,
  type SharedDate,
} from '@bid/contract';
import type { DateRecord, DatePerson, StoredPosition } from './dates.repository.js';

/** How the date's routes show a date (docs/the-date.md). */

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const money = (cents: number | null) => centsToMoneyString(cents ?? 0);
const firstNameOf = (person: DatePerson) => person.firstName?.trim() || 'Member';

/** A person of the date as the pages show them (also the moderators' refund queue). */
export const personOf = (person: DatePerson) => ({
  id: person.id,
  firstName: firstNameOf(person),
  profileImageUrl: person.profileImageUrl,
});

type Settlement = NonNullable<DateState['settlement']>;
type RefundRequest = NonNullable<DateState['refundRequest']>;
type Refund = NonNullable<DateState['refund']>;

export function presentDate(date: DateRecord, viewerRole: DateState['viewerRole']): DateState {
  const opensAt = date.startsAt ? dateModeOpensAt(date.startsAt) : null;
  return {
    auctionId: date.auctionId,
    auctionTitle: date.auctionTitle,
    viewerRole,
    host: personOf(date.host),
    winner: personOf(date.winner),
    expectedDuration: date.expectedDuration,
    amount: money(date.amountCents),
    proposal:
      date.proposedPlace && date.proposedStartsAt && date.proposedBy && date.proposedAt
        ? {
            place: date.proposedPlace,
            startsAt: date.proposedStartsAt.toISOString(),
            proposedBy: date.proposedBy,
            proposedAt: date.proposedAt.toISOString(),
          }
        : null,
    plan:
      date.place && date.startsAt && date.agreedAt
        ? { place: date.place, startsAt: date.startsAt.toISOString(), agreedAt: date.agreedAt.toISOString() }
        : null,
    dateMode: {
      opensAt: iso(opensAt),
      startedAt: iso(date.startedAt),
      hostArrivedAt: iso(date.hostArrivedAt),
      winnerArrivedAt: iso(date.winnerArrivedAt),
      hostSafeAt: iso(date.hostSafeAt),
      winnerSafeAt: iso(date.winnerSafeAt),
      endedAt: iso(date.endedAt),
    },
    settlement:
      date.settlementReason && date.disputeUntil
        ? {
            reason: date.settlementReason as Settlement['reason'],
            fee: money(date.settledFeeCents),
            hostShare: money(date.settledHostShareCents),
            refund: money(date.settledRefundCents),
            minutesTogether: date.minutesTogether,
            disputeUntil: date.disputeUntil.toISOString(),
            releasedAt: iso(date.releasedAt),
          }
        : null,
    refundRequest: date.refundRequest
      ? {
          id: date.refundRequest.id,
          reason: date.refundRequest.reason,
          status: date.refundRequest.status as RefundRequest['status'],
          amount: date.refundRequest.amountCents === null ? null : money(date.refundRequest.amountCents),
          note: date.refundRequest.note,
          createdAt: date.refundRequest.createdAt.toISOString(),
          decidedAt: iso(date.refundRequest.decidedAt),
        }
      : null,
    refund: date.refund
      ? {
          amount: money(date.refund.amountCents),
          status: date.refund.status as Refund['status'],
          createdAt: date.refund.createdAt.toISOString(),
        }
      : null,
    emergencyNumber: EMERGENCY_NUMBER,
  };
}

/** The trusted contact's view: the sharer's first name, who they meet, where and when, and the check-ins. */
export function presentSharedDate(
  date: DateRecord,
  sharerRole: 'host' | 'winner',
  expiresAt: Date,
  sharerPosition: StoredPosition | undefined,
): SharedDate {
  const sharer = sharerRole === 'host' ? date.host : date.winner;
  const meeting = sharerRole === 'host' ? date.winner : date.host;
  return {
    sharedBy: { firstName: firstNameOf(sharer) },
    meeting: { firstName: firstNameOf(meeting), profileImageUrl: meeting.profileImageUrl },
    place: date.place!,
    startsAt: date.startsAt!.toISOString(),
    expectedDuration: date.expectedDuration,
    startedAt: iso(date.startedAt),
    sharerArrivedAt: iso(sharerRole === 'host' ? date.hostArrivedAt : date.winnerArrivedAt),
    meetingArrivedAt: iso(sharerRole === 'host' ? date.winnerArrivedAt : date.hostArrivedAt),
    sharerSafeAt: iso(sharerRole === 'host' ? date.hostSafeAt : date.winnerSafeAt),
    sharerPosition: sharerPosition ? presentPosition(sharerPosition) : null,
    endedAt: iso(date.endedAt),
    expiresAt: expiresAt.toISOString(),
    emergencyNumber: EMERGENCY_NUMBER,
  };
}

export const presentPosition = (position: StoredPosition): LastPosition => ({
  lat: position.lat,
  lng: position.lng,
  accuracy: position.accuracy,
  recordedAt: position.recordedAt.toISOString(),
});
