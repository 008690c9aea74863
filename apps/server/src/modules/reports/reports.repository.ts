import { and, count, eq, gt } from 'drizzle-orm';
import type { ReportReason, ReportTargetType } from '@bid/contract';
import type { Db } from '../../db/client.js';
import { auctions, messages, reports, users, type Report } from '../../db/schema/index.js';

export async function findOpenReportByReporter(
  db: Db,
  input: { reporterId: string; targetType: ReportTargetType; targetId: string },
): Promise<Report | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.targetType, input.targetType),
        eq(reports.targetId, input.targetId),
        eq(reports.reporterId, input.reporterId),
        eq(reports.status, 'open'),
      ),
    )
    .limit(1);
  return row;
}

/** Reports `reporterId` made after `since` (the hourly limit; reports_reporter_idx). */
export async function countReportsSince(db: Db, reporterId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Stores a report; undefined when the reporter already has an open report on this target. */
export async function insertReport(
  db: Db,
  values: {
    reporterId: string;
    targetType: ReportTargetType;
    targetId: string;
    reportedUserId: string;
    reason: ReportReason;
    details: string;
    createdAt: Date;
    dueAt: Date;
  },
): Promise<Report | undefined> {
  // reports_one_open_per_reporter_target: of two identical reports racing, one is stored and
  // the other inserts nothing (undefined) and is answered with the stored one.
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findReportableUser(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function findReportableAuction(db: Db, id: string) {
  const [row] = await db
    .select({ id: auctions.id, creatorId: auctions.creatorId, hiddenAt: auctions.hiddenAt })
    .from(auctions)
    .where(eq(auctions.id, id))
    .limit(1);
  return row;
}

export async function findReportableMessage(db: Db, id: string) {
  const [row] = await db
    .select({ id: messages.id, senderId: messages.senderId, receiverId: messages.receiverId })
    .from(messages)
    .where(eq(messages.id, id))
    .limit(1);
  return row;
}
