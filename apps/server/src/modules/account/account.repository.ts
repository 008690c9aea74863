import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  auctions,
  auditLogs,
  bids,
  blocks,
  identityDocuments,
  messages,
  notifications,
  reports,
  sessions,
  uploadGrants,
  userIdentities,
  users,
  type Auction,
} from '../../db/schema/index.js';
import { timestampParam } from '../../db/sql-helpers.js';

// ---------------------------------------------------------------------------------------------
// Deletion
// ---------------------------------------------------------------------------------------------

/** The users row of a live (not deleted) account, locked for the deletion that follows. */
export async function lockLiveUser(tx: Db, userId: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

/** Whether the account was deleted (its row stays for the other party). */
export async function isDeletedUser(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.deletedAt != null;
}

/**
 * Whether money is still moving for the member, which deleting would strand: as the payer, a
 * charge waiting to be collected, one being collected, a declined one still inside its fix
 * window, or a second chance offer still open; as the host, the same rows of their auctions (the
 * winner or runner-up could still pay). Settled money (succeeded, expired) never blocks.
 */
export async function hasPaymentInProgress(tx: Db, userId: string, now: Date): Promise<boolean> {
  const at = timestampParam(now);
  const result = await tx.execute(sql`
    SELECT EXISTS (
      SELECT 1 FROM charges
      WHERE (payer_id = ${userId}::uuid OR payee_id = ${userId}::uuid)
        AND (status IN ('pending', 'processing')
             OR (status IN ('failed', 'offered') AND pay_by IS NOT NULL AND pay_by > ${at}))
    ) AS busy`);
  const [row] = (result as { rows: { busy: boolean }[] }).rows;
  return row?.busy === true;
}

/**
 * Cancels every auction of the member that has not closed yet (open, or past its end and not yet
 * closed by the lifecycle job, or hidden by a moderator): no winner, no charge. The lifecycle
 * closer only takes rows with `closed_at IS NULL`, so it leaves these alone.
 */
export async function cancelUnclosedAuctionsOf(tx: Db, creatorId: string, now: Date): Promise<Auction[]> {
  return tx
    .update(auctions)
    .set({ isActive: false, cancelledAt: now, closedAt: now, winnerId: null, updatedAt: now })
    .where(and(eq(auctions.creatorId, creatorId), isNull(auctions.closedAt)))
    .returning();
}

export interface DeletedDocument {
  id: string;
  objectKey: string;
}

/** Marks the member's verification files deleted; the files themselves go after the commit. */
export async function markLiveDocumentsDeleted(tx: Db, userId: string, now: Date): Promise<DeletedDocument[]> {
  const rows = await tx
    .update(identityDocuments)
    .set({ deletedAt: now })
    .where(and(eq(identityDocuments.userId, userId), isNull(identityDocuments.deletedAt)))
    .returning({ id: identityDocuments.id, objectKey: identityDocuments.objectKey });
  return rows.flatMap((row) => (row.objectKey ? [{ id: row.id, objectKey: row.objectKey }] : []));
}

/**
 * Rows that exist only for the member: sessions (signed out everywhere), sign-in identities
 * (a provider sign-in could otherwise reach the deleted row), upload grants, blocks either way,
 * and the notifications addressed to them.
 */
export async function deletePersonalRowsOf(tx: Db, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
  await tx.delete(uploadGrants).where(eq(uploadGrants.userId, userId));
  await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}

/**
 * Notifications of other members that name the deleted one, stored as text when they were sent
 * ("Ada L. bid $30 on …", "Ada: see you there"), now name 'Deleted user' instead.
 */
export async function renameInOthersNotifications(
  tx: Db,
  input: { userId: string; displayName: string; firstName: string | null; replacement: string },
): Promise<void> {
  const first = input.firstName?.trim();
  const prefix = first ? `${first}: ` : null;
  await tx.execute(sql`
    UPDATE notifications SET
      title = replace(title, ${input.displayName}, ${input.replacement}),
      message = CASE
        WHEN type = 'message_received' AND ${prefix}::text IS NOT NULL AND left(message, length(${prefix}::text)) = ${prefix}::text
          THEN ${input.replacement} || ': ' || substr(message, length(${prefix}::text) + 1)
        ELSE replace(message, ${input.displayName}, ${input.replacement})
      END
    WHERE related_user_id = ${input.userId}::uuid AND user_id <> ${input.userId}::uuid`);
}

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

export async function findUserRow(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export function listHostedAuctions(db: Db, userId: string) {
  return db.select().from(auctions).where(eq(auctions.creatorId, userId)).orderBy(asc(auctions.createdAt));
}

export function listPlacedBids(db: Db, userId: string) {
  return db
    .select({
      id: bids.id,
      auctionId: bids.auctionId,
      auctionTitle: auctions.title,
      amount: bids.amount,
      createdAt: bids.createdAt,
    })
    .from(bids)
    .innerJoin(auctions, eq(auctions.id, bids.auctionId))
    .where(eq(bids.bidderId, userId))
    .orderBy(asc(bids.createdAt), asc(bids.id));
}

/** Messages the member sent or received, with the other party's first name only. */
export async function listMessagesOf(db: Db, userId: string) {
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      receiverId: messages.receiverId,
      content: messages.content,
      isRead: messages.isRead,
      createdAt: messages.createdAt,
      otherFirstName: users.firstName,
    })
    .from(messages)
    .innerJoin(
      users,
      sql`${users.id} = CASE WHEN ${messages.senderId} = ${userId}::uuid THEN ${messages.receiverId} ELSE ${messages.senderId} END`,
    )
    .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId)))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export function listNotificationsOf(db: Db, userId: string) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

export function listBlocksMade(db: Db, userId: string) {
  return db
    .select({ blockedFirstName: users.firstName, createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(asc(blocks.createdAt));
}

export function listReportsMade(db: Db, userId: string) {
  return db.select().from(reports).where(eq(reports.reporterId, userId)).orderBy(asc(reports.createdAt));
}

/** Reports about the member: what was decided, never who reported them or in what words. */
export function listReportsAbout(db: Db, userId: string) {
  return db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      status: reports.status,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
      action: reports.action,
      resolutionReasons: reports.resolutionReasons,
    })
    .from(reports)
    .where(eq(reports.reportedUserId, userId))
    .orderBy(asc(reports.createdAt));
}

export function listDocumentsOf(db: Db, userId: string) {
  return db
    .select({
      kind: identityDocuments.kind,
      createdAt: identityDocuments.createdAt,
      deletedAt: identityDocuments.deletedAt,
    })
    .from(identityDocuments)
    .where(eq(identityDocuments.userId, userId))
    .orderBy(asc(identityDocuments.createdAt));
}

export function listSignInMethods(db: Db, userId: string) {
  return db
    .select({ provider: userIdentities.provider, createdAt: userIdentities.createdAt })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.createdAt));
}

/** Audit entries about the member, without the chain's hashes and the hashed session id. */
export function listAuditEntriesOf(db: Db, userId: string) {
  return db
    .select({
      timestamp: auditLogs.timestamp,
      action: auditLogs.action,
      resource: auditLogs.resource,
      resourceId: auditLogs.resourceId,
      outcome: auditLogs.outcome,
      details: auditLogs.details,
      clientIp: auditLogs.clientIp,
      userAgent: auditLogs.userAgent,
      complianceLevel: auditLogs.complianceLevel,
    })
    .from(auditLogs)
    .where(eq(auditLogs.userId, userId))
    .orderBy(asc(auditLogs.sequence));
}
