import type { ModerationAction, ReportStatus } from '@bid/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, reports, users, type Auction, type Report } from '../../db/schema/index.js';
import { rowsOf, timestampParam } from '../../db/sql-helpers.js';

export interface QueueRow {
  id: string;
  target_type: Report['targetType'];
  target_id: string;
  reason: Report['reason'];
  details: string;
  status: ReportStatus;
  created_at: string | Date;
  due_at: string | Date;
  resolved_at: string | Date | null;
  action: ModerationAction | null;
  resolution_reasons: string | null;
  reporter_id: string | null;
  reporter_first_name: string | null;
  reporter_last_name: string | null;
  reported_user_id: string | null;
  reported_first_name: string | null;
  reported_last_name: string | null;
  reported_suspended_at: string | Date | null;
  auction_title: string | null;
  message_content: string | null;
  review_text: string | null;
  target_first_name: string | null;
  target_last_name: string | null;
  earlier_reports: number | string;
}

/**
 * One page of the moderation queue: open reports oldest due first (reports_open_due_idx), or
 * resolved ones most recently resolved first, each with what a moderator needs to decide.
 */
export async function listQueue(
  db: Db,
  input: { status: ReportStatus; limit: number; offset: number } | { id: string },
): Promise<QueueRow[]> {
  const where = 'id' in input ? sql`r.id = ${input.id}::uuid` : sql`r.status = ${input.status}`;
  const page = 'id' in input ? sql`LIMIT 1` : sql`LIMIT ${input.limit} OFFSET ${input.offset}`;
  const order =
    'id' in input || input.status === 'open'
      ? sql`r.due_at ASC, r.id ASC`
      : sql`r.resolved_at DESC NULLS LAST, r.id DESC`;
  const result = await db.execute(sql`
    SELECT r.id, r.target_type, r.target_id, r.reason, r.details, r.status, r.created_at, r.due_at,
           r.resolved_at, r.action, r.resolution_reasons,
           r.reporter_id, rep.first_name AS reporter_first_name, rep.last_name AS reporter_last_name,
           r.reported_user_id, ru.first_name AS reported_first_name, ru.last_name AS reported_last_name,
           ru.suspended_at AS reported_suspended_at,
           a.title AS auction_title, m.content AS message_content, f.review AS review_text,
           tu.first_name AS target_first_name, tu.last_name AS target_last_name,
           (SELECT count(*) FROM reports e
             WHERE r.reported_user_id IS NOT NULL AND e.reported_user_id = r.reported_user_id
               AND e.created_at < r.created_at)::int AS earlier_reports
    FROM reports r
    LEFT JOIN users rep ON rep.id = r.reporter_id
    LEFT JOIN users ru ON ru.id = r.reported_user_id
    LEFT JOIN auctions a ON r.target_type IN ('auction', 'date') AND a.id = r.target_id
    LEFT JOIN date_feedback f ON r.target_type = 'review' AND f.id = r.target_id
    LEFT JOIN messages m ON r.target_type = 'message' AND m.id = r.target_id
    LEFT JOIN users tu ON r.target_type = 'user' AND tu.id = r.target_id
    WHERE ${where}
    ORDER BY ${order}
    ${page}
  `);
  return rowsOf<QueueRow>(result);
}

export async function findReport(db: Db, id: string): Promise<Report | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row;
}

/** Marks the report resolved only while it is still open; undefined when another moderator was first. */
export async function markReportResolved(
  db: Db,
  input: { id: string; moderatorId: string; action: ModerationAction; reasons: string; now: Date },
): Promise<Report | undefined> {
  const [row] = await db
    .update(reports)
    .set({
      status: 'resolved',
      resolvedAt: input.now,
      resolvedBy: input.moderatorId,
      action: input.action,
      resolutionReasons: input.reasons,
    })
    .where(and(eq(reports.id, input.id), eq(reports.status, 'open')))
    .returning();
  return row;
}

/**
 * Hides auctions (one by id, or every open one of a host). One still open stops for good
 * with no winner, as a cancellation does; one already closed keeps its winner and payment.
 * Answers the hidden rows with whether each was open, so its bidders can be told.
 */
export async function hideAuctions(
  db: Db,
  input: { auctionId?: string; creatorId?: string; now: Date },
): Promise<Array<{ auction: Auction; wasOpen: boolean }>> {
  // A suspended host's open auctions are hidden; their past ones keep their winners and chats.
  // A decision about the auction itself also covers one its host's suspension hid already: lifting
  // the suspension must not reopen an auction a moderator hid on its own account.
  const target = input.auctionId
    ? sql`a.id = ${input.auctionId}::uuid AND (a.hidden_at IS NULL OR a.hidden_by_suspension)`
    : sql`a.creator_id = ${input.creatorId}::uuid AND a.is_active AND a.closed_at IS NULL AND a.hidden_at IS NULL`;
  const at = timestampParam(input.now);
  const result = await db.execute(sql`
    UPDATE auctions a
    SET hidden_at = ${at},
        hidden_by_suspension = ${input.auctionId ? sql`false` : sql`true`},
        is_active = false,
        updated_at = ${at},
        cancelled_at = CASE WHEN a.is_active AND a.closed_at IS NULL THEN ${at} ELSE a.cancelled_at END,
        winner_id = CASE WHEN a.is_active AND a.closed_at IS NULL THEN NULL ELSE a.winner_id END,
        closed_at = COALESCE(a.closed_at, ${at})
    FROM auctions before
    WHERE before.id = a.id AND ${target}
    RETURNING a.id, (before.is_active AND before.closed_at IS NULL) AS was_open
  `);
  const hidden = rowsOf<{ id: string; was_open: boolean }>(result);
  if (hidden.length === 0) return [];
  const rows = await db
    .select()
    .from(auctions)
    .where(
      sql`${auctions.id} IN (${sql.join(
        hidden.map((h) => sql`${h.id}::uuid`),
        sql`, `,
      )})`,
    );
  const wasOpen = new Map(hidden.map((h) => [h.id, h.was_open]));
  return rows.map((auction) => ({ auction, wasOpen: wasOpen.get(auction.id) ?? false }));
}

/** Suspends a member (once); answers whether this call did it. */
export async function suspendUser(db: Db, input: { userId: string; reason: string; now: Date }): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ suspendedAt: input.now, suspensionReason: input.reason, updatedAt: input.now })
    .where(and(eq(users.id, input.userId), isNull(users.suspendedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}
