import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  identityDocuments,
  identityWebhookEvents,
  users,
  type IdentityDocument,
  type User,
} from '../../db/schema/index.js';

export async function findUserForVerification(db: Db, userId: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The user whose current verification session this is, locked for the update that follows. */
export async function lockUserBySession(db: Db, sessionId: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.identityVerificationSessionId, sessionId))
    .for('update')
    .limit(1);
  return row;
}

export async function lockUser(db: Db, userId: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row;
}

export async function updateVerificationFields(
  db: Db,
  userId: string,
  patch: Partial<
    Pick<
      User,
      | 'identityVerificationStatus'
      | 'identityVerificationStep'
      | 'idDocumentType'
      | 'idDocumentFrontUrl'
      | 'idDocumentBackUrl'
      | 'biometricSelfieUrl'
      | 'verificationConfidenceScore'
      | 'verificationDetails'
      | 'verificationAttemptedAt'
      | 'verificationCompletedAt'
      | 'requiresManualReview'
      | 'reviewerNotes'
      | 'identityVerificationSessionId'
      | 'verificationDataDeletedAt'
    >
  >,
): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function insertIdentityDocument(db: Db, row: typeof identityDocuments.$inferInsert) {
  const [inserted] = await db.insert(identityDocuments).values(row).returning();
  return inserted!;
}

export async function findIdentityDocument(db: Db, id: string): Promise<IdentityDocument | undefined> {
  const [row] = await db.select().from(identityDocuments).where(eq(identityDocuments.id, id)).limit(1);
  return row;
}

/** The live (not yet deleted) files of one session, oldest first. */
export function listSessionDocuments(db: Db, userId: string, sessionId: string): Promise<IdentityDocument[]> {
  return db
    .select()
    .from(identityDocuments)
    .where(
      and(
        eq(identityDocuments.userId, userId),
        eq(identityDocuments.verificationSessionId, sessionId),
        isNull(identityDocuments.deletedAt),
      ),
    )
    .orderBy(asc(identityDocuments.createdAt));
}

/**
 * The live files of several members' current sessions in one query (the review queue): a file
 * counts only when it belongs to the session its member is in now.
 */
export async function listCurrentSessionDocuments(
  db: Db,
  members: Array<{ id: string; identityVerificationSessionId: string | null }>,
): Promise<IdentityDocument[]> {
  const sessionOf = new Map(members.map((m) => [m.id, m.identityVerificationSessionId]));
  if (sessionOf.size === 0) return [];
  const docs = await db
    .select()
    .from(identityDocuments)
    .where(and(inArray(identityDocuments.userId, [...sessionOf.keys()]), isNull(identityDocuments.deletedAt)))
    .orderBy(asc(identityDocuments.createdAt));
  return docs.filter((doc) => sessionOf.get(doc.userId) === doc.verificationSessionId);
}

export async function markDocumentDeleted(db: Db, id: string, at: Date): Promise<void> {
  await db.update(identityDocuments).set({ objectKey: null, deletedAt: at }).where(eq(identityDocuments.id, id));
}

/** Records a webhook event id; false when it was already processed (a replay). */
export async function claimWebhookEvent(db: Db, eventId: string, type: string): Promise<boolean> {
  const inserted = await db
    .insert(identityWebhookEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: identityWebhookEvents.eventId });
  return inserted.length === 1;
}

/** Members waiting for a moderator's decision, longest waiting first. */
export function listManualReviewQueue(db: Db, limit: number): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.requiresManualReview, true),
        eq(users.identityVerificationStatus, 'manual_review'),
        isNull(users.deletedAt),
        isNotNull(users.identityVerificationSessionId),
      ),
    )
    .orderBy(asc(users.verificationAttemptedAt), asc(users.id))
    .limit(limit);
}
