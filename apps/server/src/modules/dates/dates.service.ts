import { createHash, randomBytes } from 'node:crypto';
import {
  ARRIVAL_CHECK_IN_OPENS_MINUTES_BEFORE,
  DATE_AUTO_END_HOURS,
  DATE_LOCATION_MESSAGES,
  DATE_MESSAGES,
  DISPUTE_WINDOW_HOURS,
  HOST_NO_SHOW_GRACE_MINUTES,
  isDateModeOpen,
  LOCATION_MIN_INTERVAL_SECONDS,
  planTimeProblem,
  SHARE_LINK_GRACE_MINUTES,
  type CheckInKind,
  type DateLocationInput,
  type DateLocationResponse,
  type DateState,
  type SharedDate,
  type ShareLinkResponse,
} from '@bid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors.js';
import { isAuctionId } from '../auctions/auctions.service.js';
import { dateInvitation, type CalendarInvitation } from './date-calendar.js';
import { findAuctionHostAndWinner } from '../messages/messages.service.js';
import { isModerator } from '../../plugins/moderators.js';
import { notify } from '../notifications/notify.js';
import type { NewNotification } from '../../db/schema/index.js';
import type { PaymentProvider } from '../payments/providers/payment-provider.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import {
  agreedNotices,
  endedNotices,
  pairOf,
  proposedNotice,
  refundRequestedNotice,
  startedNotice,
} from './date.notices.js';
import { releaseDueDates, settleByRule, type DateParties } from './date-settlement.js';
import { processDuePayouts, processDueRefunds } from './date-transfers.js';
import { presentDate, presentPosition, presentSharedDate } from './dates.presenter.js';
import {
  deletePositions,
  findDate,
  findPosition,
  findShareLink,
  insertRefundRequest,
  insertShareLink,
  updateDate,
  upsertPosition,
  writeSettlement,
  type DateRecord,
} from './dates.repository.js';

/**
 * The use cases of the date itself (docs/the-date.md): the plan agreed in the chat, Date Mode,
 * the share-my-date link, refund requests and the winner's early release. Every change locks
 * the date's row, checks the state it depends on, and answers with the date as it now stands.
 */

export interface DateDeps {
  db: Db;
  now: () => Date;
  paymentProvider: PaymentProvider;
  publicUrl: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Tells both people's pages that their date changed (after the change committed). */
  realtime: RealtimePublisher;
}

export type Role = 'host' | 'winner';

/**
 * Tells both people's pages that their date changed: a signal on each one's own user channel
 * (never the public auction channel: the plan is private); each page refetches through its
 * authorised route (a notice written with the change refreshes the bell through notify).
 */
export function publishDateUpdated(realtime: RealtimePublisher, { auctionId, hostId, winnerId }: DateParties): void {
  for (const userId of [hostId, winnerId]) {
    realtime.publishToUser(userId, { type: 'date_updated', auctionId });
  }
}

const MINUTE_MS = 60_000;

function roleOf(date: DateRecord, userId: string): Role | undefined {
  if (date.host.id === userId) return 'host';
  if (date.winner.id === userId) return 'winner';
  return undefined;
}

/**
 * Why there is no date to show this member: "not paid yet" for the auction's own host and
 * winner, 404 for everyone else (a stranger learns nothing about the auction's date).
 */
async function missingDate(db: Db, auctionId: string, userId: string) {
  const parties = await findAuctionHostAndWinner(db, auctionId);
  if (parties && (parties.creatorId === userId || parties.winnerId === userId) && parties.winnerId) {
    return conflict(DATE_MESSAGES.notPaid);
  }
  return notFound(DATE_MESSAGES.notFound);
}

/** GET /api/auctions/{id}/plan: for the host, the winner, or a moderator (read-only). */
export async function getDate(deps: DateDeps, userId: string, auctionId: string): Promise<DateState> {
  if (!isAuctionId(auctionId)) throw notFound(DATE_MESSAGES.notFound);
  const date = await findDate(deps.db, auctionId);
  if (!date) throw await missingDate(deps.db, auctionId, userId);
  const role = roleOf(date, userId);
  if (role) return presentDate(date, role);
  if (await isModerator(deps.db, userId)) return presentDate(date, 'moderator');
  throw notFound(DATE_MESSAGES.notFound);
}

/**
 * GET /api/auctions/{id}/plan/calendar.ics (docs/the-date.md "Calendar"): the agreed plan as a
 * calendar invitation, for the two people only (anyone else gets the 404 of an unknown date);
 * 409 until a plan is agreed.
 */
export async function getDateCalendar(deps: DateDeps, userId: string, auctionId: string): Promise<CalendarInvitation> {
  if (!isAuctionId(auctionId)) throw notFound(DATE_MESSAGES.notFound);
  const date = await findDate(deps.db, auctionId);
  if (!date) throw await missingDate(deps.db, auctionId, userId);
  if (!roleOf(date, userId)) throw notFound(DATE_MESSAGES.notFound);
  const invitation = dateInvitation(date, userId, deps.publicUrl, deps.now());
  if (!invitation) throw conflict(DATE_MESSAGES.noPlan);
  return invitation;
}

/**
 * Runs one change of a date as one of its two people: locks the row, lets `change` check and
 * write, stores its notices, and answers the date as it now stands. A moderator is told the
 * date is read-only for them; anyone else gets the 404 of an unknown date.
 */
async function changeDate(
  deps: DateDeps,
  userId: string,
  auctionId: string,
  change: (tx: Db, date: DateRecord, role: Role, now: Date) => Promise<NewNotification[]>,
): Promise<DateState> {
  if (!isAuctionId(auctionId)) throw notFound(DATE_MESSAGES.notFound);
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const date = await findDate(tx, auctionId, true);
    if (!date) throw await missingDate(tx, auctionId, userId);
    const role = roleOf(date, userId);
    if (!role) {
      if (await isModerator(tx, userId)) throw forbidden(DATE_MESSAGES.readOnly);
      throw notFound(DATE_MESSAGES.notFound);
    }
    const notices = await change(tx, date, role, now);
    await notify(tx, notices);
    return { role, date };
  });
  publishDateUpdated(deps.realtime, { auctionId, hostId: result.date.host.id, winnerId: result.date.winner.id });
  const after = await findDate(deps.db, auctionId);
  return presentDate(after!, result.role);
}

const nameOf = (date: DateRecord, role: Role) =>
  (role === 'host' ? date.host.firstName : date.winner.firstName)?.trim() || 'Your date';

function assertPlanOpen(date: DateRecord) {
  if (date.settlementReason) throw conflict(DATE_MESSAGES.settled);
  if (date.startedAt) throw conflict(DATE_MESSAGES.planLocked);
}

/** POST /api/auctions/{id}/plan: propose a public place and a time (replacing any open proposal). */
export async function proposePlan(
  deps: DateDeps,
  userId: string,
  auctionId: string,
  input: { place: string; startsAt: string },
): Promise<DateState> {
  return changeDate(deps, userId, auctionId, async (tx, date, role, now) => {
    assertPlanOpen(date);
    const startsAt = new Date(input.startsAt);
    const problem = planTimeProblem(startsAt, now);
    if (problem) throw badRequest(problem, 'startsAt');
    await updateDate(tx, auctionId, now, {
      proposedPlace: input.place,
      proposedStartsAt: startsAt,
      proposedBy: userId,
      proposedAt: now,
    });
    return [proposedNotice(pairOf(date), userId, nameOf(date, role))];
  });
}

/** POST /api/auctions/{id}/plan/accept: the other person accepts the open proposal; it becomes the plan. */
export async function acceptPlan(deps: DateDeps, userId: string, auctionId: string): Promise<DateState> {
  return changeDate(deps, userId, auctionId, async (tx, date, _role, now) => {
    assertPlanOpen(date);
    if (!date.proposedPlace || !date.proposedStartsAt) throw conflict(DATE_MESSAGES.noProposal);
    if (date.proposedBy === userId) throw conflict(DATE_MESSAGES.ownProposal);
    const problem = planTimeProblem(date.proposedStartsAt, now);
    if (problem) throw conflict(problem);
    await updateDate(tx, auctionId, now, {
      place: date.proposedPlace,
      startsAt: date.proposedStartsAt,
      agreedAt: now,
      // A new time deserves its own reminder.
      reminderSentAt: null,
      proposedPlace: null,
      proposedStartsAt: null,
      proposedBy: null,
      proposedAt: null,
    });
    return agreedNotices(pairOf(date));
  });
}

function assertDateModeOpen(date: DateRecord, now: Date): Date {
  if (date.settlementReason) throw conflict(DATE_MESSAGES.settled);
  if (date.endedAt) throw conflict(DATE_MESSAGES.ended);
  if (!date.startsAt) throw conflict(DATE_MESSAGES.noPlan);
  // The page enables "Start Date Mode" by the same rule, so nobody clicks into this 409.
  if (!isDateModeOpen(date.startsAt, now)) throw conflict(DATE_MESSAGES.tooEarly);
  return date.startsAt;
}

/** POST /api/auctions/{id}/date-mode/start: either person, from DATE_MODE_OPENS_MINUTES_BEFORE the start. */
export async function startDateMode(deps: DateDeps, userId: string, auctionId: string): Promise<DateState> {
  return changeDate(deps, userId, auctionId, async (tx, date, role, now) => {
    assertDateModeOpen(date, now);
    if (date.startedAt) return [];
    await updateDate(tx, auctionId, now, { startedAt: now });
    return [startedNotice(pairOf(date), userId, nameOf(date, role))];
  });
}

/** POST /api/auctions/{id}/date-mode/check-in: 'arrived' once (the first time counts), 'safe' as often as wanted. */
export async function checkIn(
  deps: DateDeps,
  userId: string,
  auctionId: string,
  kind: CheckInKind,
): Promise<DateState> {
  return changeDate(deps, userId, auctionId, async (tx, date, role, now) => {
    const startsAt = assertDateModeOpen(date, now);
    if (!date.startedAt) throw conflict(DATE_MESSAGES.notStarted);
    if (kind === 'safe') {
      await updateDate(tx, auctionId, now, role === 'host' ? { hostSafeAt: now } : { winnerSafeAt: now });
      return [];
    }
    const arrived = role === 'host' ? date.hostArrivedAt : date.winnerArrivedAt;
    // An arrival hours early would let a host later claim the winner did not show (docs/the-date.md).
    if (!arrived && now.getTime() < startsAt.getTime() - ARRIVAL_CHECK_IN_OPENS_MINUTES_BEFORE * MINUTE_MS) {
      throw conflict(DATE_MESSAGES.arrivalTooEarly);
    }
    if (!arrived) {
      await updateDate(tx, auctionId, now, role === 'host' ? { hostArrivedAt: now } : { winnerArrivedAt: now });
    }
    return [];
  });
}

/**
 * POST /api/auctions/{id}/date-mode/end: either person ends the date; the money is settled by
 * the rule and the dispute window opens. Before the host has checked in it cannot end: a host
 * no-show is settled by the date job at the grace time, never earlier. Nor can it end before the
 * start plus that grace: ended earlier, a late winner would count as a no-show (docs/the-date.md).
 */
export async function endDate(deps: DateDeps, userId: string, auctionId: string): Promise<DateState> {
  return changeDate(deps, userId, auctionId, async (tx, date, _role, now) => {
    const startsAt = assertDateModeOpen(date, now);
    if (!date.startedAt) throw conflict(DATE_MESSAGES.notStarted);
    if (!date.hostArrivedAt) throw conflict(DATE_MESSAGES.endBeforeHost);
    if (now.getTime() < startsAt.getTime() + HOST_NO_SHOW_GRACE_MINUTES * MINUTE_MS) {
      throw conflict(DATE_MESSAGES.endTooEarly);
    }
    await updateDate(tx, auctionId, now, { endedAt: now });
    const settlement = await settleByRule(tx, date, { endedAt: now, now });
    if (!settlement) throw conflict(DATE_MESSAGES.settled);
    return endedNotices(pairOf(date), `in ${DISPUTE_WINDOW_HOURS} hours`);
  });
}

/** The SHA-256 of a share token, as stored. */
export const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The time a share link stops working at the latest: the agreed end plus DATE_AUTO_END_HOURS. */
function shareLinkExpiry(date: DateRecord): Date {
  return new Date(date.startsAt!.getTime() + (date.expectedDuration + DATE_AUTO_END_HOURS * 60) * MINUTE_MS);
}

/** POST /api/auctions/{id}/share-link: a read-only link for a trusted contact, shown once. */
export async function createShareLink(deps: DateDeps, userId: string, auctionId: string): Promise<ShareLinkResponse> {
  const token = randomBytes(32).toString('base64url');
  let expiresAt = new Date(0);
  await changeDate(deps, userId, auctionId, async (tx, date, _role) => {
    if (!date.startsAt) throw conflict(DATE_MESSAGES.noPlan);
    if (date.endedAt || date.settlementReason) throw conflict(DATE_MESSAGES.ended);
    expiresAt = shareLinkExpiry(date);
    await insertShareLink(tx, { auctionId, createdBy: userId, tokenHash: hashShareToken(token), expiresAt });
    return [];
  });
  return { url: `${deps.publicUrl}/shared-date/${token}`, expiresAt: expiresAt.toISOString() };
}

/**
 * GET /api/shared-dates/{token}: what the trusted contact may read, while the link lives: until
 * its expiry, and no longer than SHARE_LINK_GRACE_MINUTES after the date ended. An unknown,
 * malformed and expired token all get the same answer.
 */
export async function readSharedDate(deps: Pick<DateDeps, 'db' | 'now'>, token: string): Promise<SharedDate> {
  const expired = notFound(DATE_MESSAGES.shareLinkExpired);
  if (!/^[\w-]{43}$/.test(token)) throw expired;
  const link = await findShareLink(deps.db, hashShareToken(token));
  const now = deps.now();
  if (!link || link.expiresAt <= now) throw expired;
  const date = await findDate(deps.db, link.auctionId);
  if (!date || !date.startsAt || !date.place) throw expired;
  const endedAt = date.endedAt;
  if (endedAt && now.getTime() >= endedAt.getTime() + SHARE_LINK_GRACE_MINUTES * MINUTE_MS) throw expired;
  const role = roleOf(date, link.createdBy);
  if (!role) throw expired;
  const expiresAt =
    endedAt && endedAt.getTime() + SHARE_LINK_GRACE_MINUTES * MINUTE_MS < link.expiresAt.getTime()
      ? new Date(endedAt.getTime() + SHARE_LINK_GRACE_MINUTES * MINUTE_MS)
      : link.expiresAt;
  // Positions are deleted when the date ends; a date still in progress shows the sharer's last one.
  const position =
    date.endedAt || date.settlementReason ? undefined : await findPosition(deps.db, date.auctionId, link.createdBy);
  return presentSharedDate(date, role, expiresAt, position);
}

/**
 * Which of the date's two people `userId` is, for the location routes: the same answers as the
 * other date routes for everyone else (404 for strangers, 403 for moderators, who only read).
 */
async function participantOf(db: Db, userId: string, auctionId: string, forUpdate = false): Promise<DateRecord> {
  if (!isAuctionId(auctionId)) throw notFound(DATE_MESSAGES.notFound);
  const date = await findDate(db, auctionId, forUpdate);
  if (!date) throw await missingDate(db, auctionId, userId);
  if (roleOf(date, userId)) return date;
  if (await isModerator(db, userId)) throw forbidden(DATE_MESSAGES.readOnly);
  throw notFound(DATE_MESSAGES.notFound);
}

/**
 * POST /api/auctions/{id}/date-mode/location: one of the date's two people shares their current
 * position, only while Date Mode runs, at most once every LOCATION_MIN_INTERVAL_SECONDS. Only the
 * last position is kept; the trusted contact of that person's share link sees it. Not pushed to
 * the other person (they are together). The date's row is locked while the position is written,
 * so an ending (which deletes the positions) is either seen here or deletes this one too.
 */
export async function shareLocation(
  deps: DateDeps,
  userId: string,
  auctionId: string,
  input: DateLocationInput,
): Promise<DateLocationResponse> {
  const stored = await deps.db.transaction(async (tx) => {
    const date = await participantOf(tx, userId, auctionId, true);
    if (!date.startedAt || date.endedAt || date.settlementReason) throw conflict(DATE_LOCATION_MESSAGES.notRunning);
    return upsertPosition(
      tx,
      { auctionId: date.auctionId, userId, ...input, now: deps.now() },
      LOCATION_MIN_INTERVAL_SECONDS * 1000,
    );
  });
  if (!stored) throw tooManyRequests(DATE_LOCATION_MESSAGES.tooOften);
  return { sharing: true, position: presentPosition(stored) };
}

/** DELETE /api/auctions/{id}/date-mode/location: stop sharing; the stored position is deleted at once. */
export async function stopSharingLocation(
  deps: DateDeps,
  userId: string,
  auctionId: string,
): Promise<DateLocationResponse> {
  const date = await participantOf(deps.db, userId, auctionId);
  await deletePositions(deps.db, date.auctionId, userId);
  return { sharing: false, position: null };
}

/**
 * POST /api/auctions/{id}/refund-request: the winner asks for a refund, until the host's share
 * is released. It holds the release and goes to the moderators' queue.
 */
export async function requestRefund(
  deps: DateDeps,
  userId: string,
  auctionId: string,
  reason: string,
): Promise<DateState> {
  return changeDate(deps, userId, auctionId, async (tx, date, role, now) => {
    if (role !== 'winner') throw forbidden(DATE_MESSAGES.winnerOnlyRefund);
    if (date.releasedAt) throw conflict(DATE_MESSAGES.refundTooLate);
    if (date.refundRequest) {
      throw conflict(date.refundRequest.status === 'open' ? DATE_MESSAGES.refundOpen : DATE_MESSAGES.refundDecided);
    }
    const inserted = await insertRefundRequest(tx, { auctionId, requesterId: userId, reason, now });
    if (!inserted) throw conflict(DATE_MESSAGES.refundOpen);
    return [refundRequestedNotice(pairOf(date))];
  });
}

/**
 * POST /api/auctions/{id}/release: the winner says the date went well. The host gets the full
 * share (the winning bid less the fee) whatever the check-ins say, and it is released now
 * instead of at the end of the dispute window; the winner gives up their refund request.
 */
export async function releaseEarly(deps: DateDeps, userId: string, auctionId: string): Promise<DateState> {
  const state = await changeDate(deps, userId, auctionId, async (tx, date, role, now) => {
    if (role !== 'winner') throw forbidden(DATE_MESSAGES.releaseWinnerOnly);
    if (date.releasedAt) return [];
    if (!date.settlementReason) throw conflict(DATE_MESSAGES.releaseNotEnded);
    if (date.refundRequest?.status === 'open') throw conflict(DATE_MESSAGES.releaseDisputed);
    const fullShare = date.amountCents - date.feeCents;
    const confirmed = date.settlementReason !== 'moderator' && (date.settledHostShareCents ?? 0) < fullShare;
    await writeSettlement(
      tx,
      auctionId,
      {
        reason: confirmed ? 'winner_confirmed' : date.settlementReason,
        feeCents: confirmed ? date.feeCents : (date.settledFeeCents ?? 0),
        hostShareCents: confirmed ? fullShare : (date.settledHostShareCents ?? 0),
        refundCents: confirmed ? 0 : (date.settledRefundCents ?? 0),
        minutesTogether: date.minutesTogether,
        disputeUntil: now,
        endedAt: null,
      },
      now,
    );
    return [];
  });
  if (state.settlement?.releasedAt) return state;
  await settleMoneyNow(deps, auctionId);
  return getDate(deps, userId, auctionId);
}

/**
 * Releases a date whose window has just closed and sends its refund and payout at once, so the
 * people involved see the result without waiting for the date job's next run (which would do
 * the same, exactly once, if this one failed half way).
 */
export async function settleMoneyNow(
  deps: Pick<DateDeps, 'db' | 'now' | 'paymentProvider' | 'logger' | 'realtime'>,
  auctionId: string,
): Promise<void> {
  const released = await releaseDueDates(deps.db, { now: deps.now(), auctionId });
  await processDueRefunds(deps, { auctionId });
  await processDuePayouts(deps, { auctionId });
  for (const date of released) publishDateUpdated(deps.realtime, date);
}
