import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { openFeedbackWindow } from '../feedback/feedback-window.js';
import { centsOf, rowsOf, timestampParam, toDate, toDateOrNull, uuidList } from '../../db/sql-helpers.js';

/**
 * Queries of the date itself (docs/the-date.md). Raw SQL where one statement reads the date
 * with everything its page shows, or changes it under a condition that makes races harmless.
 */

const centsOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : centsOf(value));

export interface DatePerson {
  id: string;
  firstName: string | null;
  profileImageUrl: string | null;
}

/** A date with what its routes decide on and show, read in one query. */
export interface DateRecord {
  auctionId: string;
  auctionTitle: string;
  expectedDuration: number;
  chargeId: string;
  amountCents: number;
  feeCents: number;
  providerPaymentId: string | null;
  host: DatePerson;
  winner: DatePerson;
  proposedPlace: string | null;
  proposedStartsAt: Date | null;
  proposedBy: string | null;
  proposedAt: Date | null;
  place: string | null;
  startsAt: Date | null;
  agreedAt: Date | null;
  /** How many times a plan was agreed (the calendar invitation's version, docs/the-date.md). */
  planAgreements: number;
  startedAt: Date | null;
  hostArrivedAt: Date | null;
  winnerArrivedAt: Date | null;
  hostSafeAt: Date | null;
  winnerSafeAt: Date | null;
  endedAt: Date | null;
  settlementReason: string | null;
  settledFeeCents: number | null;
  settledHostShareCents: number | null;
  settledRefundCents: number | null;
  minutesTogether: number | null;
  disputeUntil: Date | null;
  releasedAt: Date | null;
  refundRequest: {
    id: string;
    reason: string;
    status: string;
    amountCents: number | null;
    note: string;
    createdAt: Date;
    decidedAt: Date | null;
  } | null;
  refund: { amountCents: number; status: string; createdAt: Date } | null;
}

type DateRow = Record<string, unknown>;

const DATE_SELECT = sql`
  SELECT d.*, a.title, a.expected_duration, c.amount::text AS charge_amount, c.fee::text AS charge_fee,
         c.provider_payment_id,
         h.first_name AS host_first_name, h.profile_image_url AS host_image,
         w.first_name AS winner_first_name, w.profile_image_url AS winner_image,
         d.settled_fee::text AS fee_text, d.settled_host_share::text AS share_text, d.settled_refund::text AS refund_text,
         rr.id AS rr_id, rr.reason AS rr_reason, rr.status AS rr_status, rr.amount::text AS rr_amount, rr.note AS rr_note,
         rr.created_at AS rr_created_at, rr.decided_at AS rr_decided_at,
         rf.amount::text AS rf_amount, rf.status AS rf_status, rf.created_at AS rf_created_at
  FROM auction_dates d
  JOIN auctions a ON a.id = d.auction_id
  JOIN charges c ON c.id = d.charge_id
  JOIN users h ON h.id = d.host_id
  JOIN users w ON w.id = d.winner_id
  LEFT JOIN refund_requests rr ON rr.auction_id = d.auction_id
  LEFT JOIN refunds rf ON rf.charge_id = d.charge_id`;

function toRecord(row: DateRow): DateRecord {
  return {
    auctionId: String(row.auction_id),
    auctionTitle: String(row.title),
    expectedDuration: Number(row.expected_duration),
    chargeId: String(row.charge_id),
    amountCents: centsOf(row.charge_amount),
    feeCents: centsOf(row.charge_fee),
    providerPaymentId: (row.provider_payment_id as string | null) ?? null,
    host: {
      id: String(row.host_id),
      firstName: (row.host_first_name as string | null) ?? null,
      profileImageUrl: (row.host_image as string | null) ?? null,
    },
    winner: {
      id: String(row.winner_id),
      firstName: (row.winner_first_name as string | null) ?? null,
      profileImageUrl: (row.winner_image as string | null) ?? null,
    },
    proposedPlace: (row.proposed_place as string | null) ?? null,
    proposedStartsAt: toDateOrNull(row.proposed_starts_at),
    proposedBy: (row.proposed_by as string | null) ?? null,
    proposedAt: toDateOrNull(row.proposed_at),
    place: (row.place as string | null) ?? null,
    startsAt: toDateOrNull(row.starts_at),
    agreedAt: toDateOrNull(row.agreed_at),
    planAgreements: Number(row.plan_agreements ?? 0),
    startedAt: toDateOrNull(row.started_at),
    hostArrivedAt: toDateOrNull(row.host_arrived_at),
    winnerArrivedAt: toDateOrNull(row.winner_arrived_at),
    hostSafeAt: toDateOrNull(row.host_safe_at),
    winnerSafeAt: toDateOrNull(row.winner_safe_at),
    endedAt: toDateOrNull(row.ended_at),
    settlementReason: (row.settlement_reason as string | null) ?? null,
    settledFeeCents: centsOrNull(row.fee_text),
    settledHostShareCents: centsOrNull(row.share_text),
    settledRefundCents: centsOrNull(row.refund_text),
    minutesTogether: row.minutes_together === null ? null : Number(row.minutes_together),
    disputeUntil: toDateOrNull(row.dispute_until),
    releasedAt: toDateOrNull(row.released_at),
    refundRequest: row.rr_id
      ? {
          id: row.rr_id as string,
          reason: String(row.rr_reason),
          status: String(row.rr_status),
          amountCents: centsOrNull(row.rr_amount),
          note: (row.rr_note as string | null) ?? '',
          createdAt: toDate(row.rr_created_at),
          decidedAt: toDateOrNull(row.rr_decided_at),
        }
      : null,
    refund: row.rf_amount
      ? { amountCents: centsOf(row.rf_amount), status: String(row.rf_status), createdAt: toDate(row.rf_created_at) }
      : null,
  };
}

/** The date of an auction; with `forUpdate`, its row stays locked until the transaction ends. */
export async function findDate(db: Db, auctionId: string, forUpdate = false): Promise<DateRecord | undefined> {
  const lock = forUpdate ? sql`FOR UPDATE OF d` : sql``;
  const [row] = rowsOf<DateRow>(await db.execute(sql`${DATE_SELECT} WHERE d.auction_id = ${auctionId}::uuid ${lock}`));
  return row ? toRecord(row) : undefined;
}

/** The dates of several auctions (the job's batches), in one query. */
export async function findDates(db: Db, auctionIds: readonly string[]): Promise<DateRecord[]> {
  if (auctionIds.length === 0) return [];
  return rowsOf<DateRow>(await db.execute(sql`${DATE_SELECT} WHERE d.auction_id IN (${uuidList(auctionIds)})`)).map(
    toRecord,
  );
}

/** Creates the date of a paid win, in the transaction that records the payment. */
export async function insertDateForCharge(
  tx: Db,
  input: { auctionId: string; chargeId: string; hostId: string; winnerId: string },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO auction_dates (auction_id, charge_id, host_id, winner_id)
    VALUES (${input.auctionId}::uuid, ${input.chargeId}::uuid, ${input.hostId}::uuid, ${input.winnerId}::uuid)
    ON CONFLICT DO NOTHING`);
}

/** Sets columns of a date (the caller holds its row lock and has checked the state). */
export async function updateDate(
  tx: Db,
  auctionId: string,
  now: Date,
  set: Partial<{
    proposedPlace: string | null;
    proposedStartsAt: Date | null;
    proposedBy: string | null;
    proposedAt: Date | null;
    place: string;
    startsAt: Date;
    agreedAt: Date;
    reminderSentAt: Date | null;
    startedAt: Date;
    hostArrivedAt: Date;
    winnerArrivedAt: Date;
    hostSafeAt: Date;
    winnerSafeAt: Date;
    endedAt: Date;
    disputeUntil: Date;
  }>,
): Promise<void> {
  const columns: Record<keyof typeof set, string> = {
    proposedPlace: 'proposed_place',
    proposedStartsAt: 'proposed_starts_at',
    proposedBy: 'proposed_by',
    proposedAt: 'proposed_at',
    place: 'place',
    startsAt: 'starts_at',
    agreedAt: 'agreed_at',
    reminderSentAt: 'reminder_sent_at',
    startedAt: 'started_at',
    hostArrivedAt: 'host_arrived_at',
    winnerArrivedAt: 'winner_arrived_at',
    hostSafeAt: 'host_safe_at',
    winnerSafeAt: 'winner_safe_at',
    endedAt: 'ended_at',
    disputeUntil: 'dispute_until',
  };
  const assignments = Object.entries(set).map(([key, value]) => {
    const column = sql.raw(columns[key as keyof typeof set]);
    if (value instanceof Date) return sql`${column} = ${timestampParam(value)}`;
    if (key === 'proposedBy') return value === null ? sql`${column} = NULL` : sql`${column} = ${value}::uuid`;
    return sql`${column} = ${value}`;
  });
  // Each agreement is a new version of the calendar invitation (docs/the-date.md "Calendar").
  if (set.agreedAt) assignments.push(sql`plan_agreements = plan_agreements + 1`);
  assignments.push(sql`updated_at = ${timestampParam(now)}`);
  await tx.execute(
    sql`UPDATE auction_dates SET ${sql.join(assignments, sql`, `)} WHERE auction_id = ${auctionId}::uuid`,
  );
}

export interface SettlementFields {
  reason: string;
  feeCents: number;
  hostShareCents: number;
  refundCents: number;
  minutesTogether: number | null;
  disputeUntil: Date;
  endedAt: Date | null;
}

/**
 * Fixes (or, for a moderator's decision, replaces) the settlement of a date not yet released.
 * False when the date was released meanwhile: money that moved is never re-split.
 */
export async function writeSettlement(tx: Db, auctionId: string, s: SettlementFields, now: Date): Promise<boolean> {
  const cents = (value: number) => sql`${(value / 100).toFixed(2)}::numeric`;
  const rows = rowsOf<{ auction_id: string }>(
    await tx.execute(sql`
      UPDATE auction_dates
      SET settlement_reason = ${s.reason}, settled_fee = ${cents(s.feeCents)},
          settled_host_share = ${cents(s.hostShareCents)}, settled_refund = ${cents(s.refundCents)},
          minutes_together = ${s.minutesTogether}, dispute_until = ${timestampParam(s.disputeUntil)},
          ended_at = coalesce(ended_at, ${s.endedAt ? timestampParam(s.endedAt) : sql`NULL`}),
          updated_at = ${timestampParam(now)}
      WHERE auction_id = ${auctionId}::uuid AND released_at IS NULL
      RETURNING auction_id`),
  );
  // Every ending of a date (ended by a person, by the job, or decided by a moderator) is settled
  // here: the positions shared during it go with it (docs/the-date.md).
  if (rows.length > 0) await deletePositions(tx, auctionId);
  // The date is over: its feedback window opens with its first settlement (issue 35).
  if (rows.length > 0) await openFeedbackWindow(tx, { auctionId, hostNoShow: s.reason === 'host_no_show', now });
  return rows.length > 0;
}

/** Stores the SHA-256 of a new share-my-date link. */
export async function insertShareLink(
  tx: Db,
  input: { auctionId: string; createdBy: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO date_share_links (auction_id, created_by, token_hash, expires_at)
    VALUES (${input.auctionId}::uuid, ${input.createdBy}::uuid, ${input.tokenHash}, ${timestampParam(input.expiresAt)})`);
}

export async function findShareLink(
  db: Db,
  tokenHash: string,
): Promise<{ auctionId: string; createdBy: string; expiresAt: Date } | undefined> {
  const [row] = rowsOf<{ auction_id: string; created_by: string; expires_at: unknown }>(
    await db.execute(sql`
      SELECT auction_id, created_by, expires_at FROM date_share_links WHERE token_hash = ${tokenHash}`),
  );
  return row ? { auctionId: row.auction_id, createdBy: row.created_by, expiresAt: toDate(row.expires_at) } : undefined;
}

/** A winner's refund request; false when the date already has one (the unique index decides a race). */
export async function insertRefundRequest(
  tx: Db,
  input: { auctionId: string; requesterId: string; reason: string; now: Date },
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      INSERT INTO refund_requests (auction_id, requester_id, reason, created_at)
      VALUES (${input.auctionId}::uuid, ${input.requesterId}::uuid, ${input.reason}, ${timestampParam(input.now)})
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  return rows.length > 0;
}

export interface StoredPosition {
  lat: number;
  lng: number;
  accuracy: number;
  recordedAt: Date;
}

type PositionRow = { lat: unknown; lng: unknown; accuracy: unknown; recorded_at: unknown };
const toPosition = (row: PositionRow): StoredPosition => ({
  lat: Number(row.lat),
  lng: Number(row.lng),
  accuracy: Number(row.accuracy),
  recordedAt: toDate(row.recorded_at),
});

/**
 * Stores a member's position as the last known one of the date, unless their previous one is
 * younger than `minIntervalMs`: the condition is in the upsert itself, so two instances (or two
 * tabs) racing still store at most one position per interval. Undefined when refused.
 */
export async function upsertPosition(
  db: Db,
  input: { auctionId: string; userId: string; lat: number; lng: number; accuracy: number; now: Date },
  minIntervalMs: number,
): Promise<StoredPosition | undefined> {
  const at = timestampParam(input.now);
  const since = timestampParam(new Date(input.now.getTime() - minIntervalMs));
  const [row] = rowsOf<PositionRow>(
    await db.execute(sql`
      INSERT INTO date_locations (auction_id, user_id, lat, lng, accuracy, recorded_at)
      VALUES (${input.auctionId}::uuid, ${input.userId}::uuid, ${input.lat}, ${input.lng}, ${input.accuracy}, ${at})
      ON CONFLICT (auction_id, user_id) DO UPDATE
        SET lat = excluded.lat, lng = excluded.lng, accuracy = excluded.accuracy, recorded_at = excluded.recorded_at
        WHERE date_locations.recorded_at <= ${since}
      RETURNING lat, lng, accuracy, recorded_at`),
  );
  return row ? toPosition(row) : undefined;
}

/** A member's last known position on a date, if they share it. */
export async function findPosition(db: Db, auctionId: string, userId: string): Promise<StoredPosition | undefined> {
  const [row] = rowsOf<PositionRow>(
    await db.execute(sql`
      SELECT lat, lng, accuracy, recorded_at FROM date_locations
      WHERE auction_id = ${auctionId}::uuid AND user_id = ${userId}::uuid`),
  );
  return row ? toPosition(row) : undefined;
}

/** Forgets positions of a date: one member's (they stopped sharing) or everyone's (the date ended). */
export async function deletePositions(db: Db, auctionId: string, userId?: string): Promise<void> {
  const whose = userId ? sql`AND user_id = ${userId}::uuid` : sql``;
  await db.execute(sql`DELETE FROM date_locations WHERE auction_id = ${auctionId}::uuid ${whose}`);
}
