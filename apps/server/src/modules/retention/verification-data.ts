import { VERIFICATION_DATA_RETENTION_DAYS } from '@bid/contract';
import { sql } from 'drizzle-orm';
import { deleteDocumentFiles, type AccountDeletionDeps, type DeletedDocument } from '../account/delete-account.js';
import { rowsOf, timestampParam, uuidList } from '../../db/sql-helpers.js';
import { recordAuditEvent } from '../audit/audit.service.js';

export const VERIFICATION_BATCH_LIMIT = 50;

/**
 * A file whose row was marked deleted this long ago but still has its key was left behind (the
 * instance crashed or storage failed between the commit and the delete): the sweep retries it.
 */
export const LEFTOVER_FILE_GRACE_MINUTES = 10;

export interface VerificationDataDeletion {
  userId: string;
  filesDeleted: number;
}

type Deps = Pick<AccountDeletionDeps, 'db' | 'storage' | 'logger'>;

/**
 * Deletes the verification documents and selfies of every member whose verification completed
 * VERIFICATION_DATA_RETENTION_DAYS ago or more (docs/product.md §1: kept 30 days), exactly once across
 * instances: the members are claimed with FOR UPDATE SKIP LOCKED and a conditional UPDATE
 * (no deletion since the verification completed: a later verification starts its own 30 days)
 * that also clears the URL fields; their files' rows
 * are marked deleted and the 'delete' audit entry is appended in that same transaction. The files
 * are removed from storage after the commit (no transaction waits on storage), each row's key
 * cleared once its file is gone.
 */
export async function deleteExpiredVerificationData(
  deps: Deps,
  now: Date,
  limit = VERIFICATION_BATCH_LIMIT,
): Promise<VerificationDataDeletion[]> {
  const at = timestampParam(now);
  const claimed = await deps.db.transaction(async (tx) => {
    const users = rowsOf<{ id: string }>(
      await tx.execute(sql`
        UPDATE users u
        SET verification_data_deleted_at = ${at}, id_document_front_url = NULL, id_document_back_url = NULL,
            biometric_selfie_url = NULL, updated_at = ${at}
        WHERE u.id IN (
            SELECT id FROM users
            WHERE verification_completed_at IS NOT NULL
              AND (verification_data_deleted_at IS NULL OR verification_data_deleted_at < verification_completed_at)
              AND verification_completed_at <= ${at} - make_interval(days => ${VERIFICATION_DATA_RETENTION_DAYS}::int)
            ORDER BY verification_completed_at, id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          )
          AND (u.verification_data_deleted_at IS NULL OR u.verification_data_deleted_at < u.verification_completed_at)
        RETURNING u.id`),
    );
    if (users.length === 0) return [];
    const documents = rowsOf<{ id: string; user_id: string; object_key: string | null }>(
      await tx.execute(sql`
        UPDATE identity_documents SET deleted_at = ${at}
        WHERE user_id IN (${uuidList(users.map((u) => u.id))}) AND deleted_at IS NULL
        RETURNING id, user_id, object_key`),
    );
    const byUser = new Map<string, DeletedDocument[]>();
    for (const doc of documents) {
      if (!doc.object_key) continue;
      const list = byUser.get(doc.user_id) ?? [];
      list.push({ id: doc.id, objectKey: doc.object_key });
      byUser.set(doc.user_id, list);
    }
    for (const user of users) {
      await recordAuditEvent(tx, {
        action: 'delete',
        outcome: 'success',
        resource: 'identity_verification',
        resourceId: user.id,
        userId: user.id,
        // Counts only: docs/engineering.md §5 keeps document keys and contents out of the audit chain.
        details: {
          reason: 'retention',
          retentionDays: VERIFICATION_DATA_RETENTION_DAYS,
          files: byUser.get(user.id)?.length ?? 0,
        },
        at: now,
      });
    }
    return users.map((u) => ({ userId: u.id, documents: byUser.get(u.id) ?? [] }));
  });

  const result: VerificationDataDeletion[] = [];
  for (const user of claimed) {
    result.push({ userId: user.userId, filesDeleted: await deleteDocumentFiles(deps, user.documents) });
  }
  return result;
}

/**
 * Deletes the files of verifications that never completed (an attempt abandoned half-way) once
 * they are VERIFICATION_DATA_RETENTION_DAYS old: docs/product.md §1 keeps verification data 30 days, whether
 * or not the member finished. A verification waiting for a moderator keeps its files (the review
 * target is 24 hours). Exactly once across instances: the rows are claimed with FOR UPDATE SKIP
 * LOCKED and marked deleted, the member's URL fields cleared and one 'delete' audit entry per
 * member appended in the same transaction; the files go after the commit.
 */
export async function deleteAbandonedVerificationFiles(
  deps: Deps,
  now: Date,
  limit = VERIFICATION_BATCH_LIMIT,
): Promise<number> {
  const at = timestampParam(now);
  const claimed = await deps.db.transaction(async (tx) => {
    const documents = rowsOf<{ id: string; user_id: string; object_key: string | null }>(
      await tx.execute(sql`
        UPDATE identity_documents d SET deleted_at = ${at}
        WHERE d.id IN (
            SELECT doc.id FROM identity_documents doc JOIN users u ON u.id = doc.user_id
            WHERE doc.deleted_at IS NULL
              AND doc.created_at <= ${at} - make_interval(days => ${VERIFICATION_DATA_RETENTION_DAYS}::int)
              AND (u.verification_completed_at IS NULL OR u.verification_completed_at < doc.created_at)
              AND u.identity_verification_status <> 'manual_review'
            ORDER BY doc.created_at, doc.id
            LIMIT ${limit}
            FOR UPDATE OF doc SKIP LOCKED
          )
          AND d.deleted_at IS NULL
        RETURNING d.id, d.user_id, d.object_key`),
    );
    if (documents.length === 0) return [];
    const filesByUser = new Map<string, number>();
    for (const doc of documents) filesByUser.set(doc.user_id, (filesByUser.get(doc.user_id) ?? 0) + 1);
    await tx.execute(sql`
      UPDATE users SET id_document_front_url = NULL, id_document_back_url = NULL, biometric_selfie_url = NULL,
                       updated_at = ${at}
      WHERE id IN (${uuidList([...filesByUser.keys()])})`);
    for (const [userId, files] of filesByUser) {
      await recordAuditEvent(tx, {
        action: 'delete',
        outcome: 'success',
        resource: 'identity_verification',
        resourceId: userId,
        userId,
        details: { reason: 'retention_unfinished', retentionDays: VERIFICATION_DATA_RETENTION_DAYS, files },
        at: now,
      });
    }
    return documents.flatMap((doc) => (doc.object_key ? [{ id: doc.id, objectKey: doc.object_key }] : []));
  });
  return deleteDocumentFiles(deps, claimed);
}

/**
 * Retries files whose rows were marked deleted (by this job or an account deletion) but whose
 * file removal did not happen. Deleting a file twice is harmless, so no claim is needed.
 */
export async function sweepLeftoverDocumentFiles(deps: Deps, now: Date, limit = VERIFICATION_BATCH_LIMIT) {
  const rows = rowsOf<{ id: string; object_key: string }>(
    await deps.db.execute(sql`
      SELECT id, object_key FROM identity_documents
      WHERE deleted_at IS NOT NULL AND object_key IS NOT NULL
        AND deleted_at <= ${timestampParam(now)} - make_interval(mins => ${LEFTOVER_FILE_GRACE_MINUTES}::int)
      ORDER BY deleted_at, id
      LIMIT ${limit}`),
  );
  return deleteDocumentFiles(
    deps,
    rows.map((r) => ({ id: r.id, objectKey: r.object_key })),
  );
}
