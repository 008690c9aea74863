import { DELETED_USER_NAME, displayNameOf } from '@bid/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Auction } from '../../db/schema/index.js';
import { notifyBiddersOfChange } from '../auctions/auction-notices.js';
import { writeWaitingBidNoticesOf } from '../auctions/auctions.service.js';
import { rowsOf, timestampParam } from '../../db/sql-helpers.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import type { PaymentProvider } from '../payments/providers/payment-provider.js';
import { photoIdOfServedPath, photoKeysOf } from '../../lib/storage/object-keys.js';
import type { ObjectStorage } from '../../lib/storage/object-storage.js';
import {
  cancelUnclosedAuctionsOf,
  deletePersonalRowsOf,
  hasPaymentInProgress,
  markLiveDocumentsDeleted,
  renameInOthersNotifications,
  type DeletedDocument,
} from './account.repository.js';
import { forgetPrivateAnswersOf } from '../feedback/feedback.service.js';

/** A verification file marked deleted, whose object goes after the commit (retention deletes them too). */
export type { DeletedDocument };

/** What deleting an account needs beyond the database: the places personal data lives outside it. */
export interface AccountDeletionDeps {
  db: Db;
  paymentProvider: PaymentProvider;
  storage: ObjectStorage;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  now: () => Date;
}

export type AccountDeletionReason = 'member_request' | 'inactivity';

/** What is left to remove outside the database once the deletion committed. */
export interface DeletedAccount {
  userId: string;
  cancelledAuctionIds: string[];
  stripeCustomerId: string | null;
  /** The profile picture and every profile photo and auction cover the member had (their files go). */
  pictureUrls: string[];
  documents: DeletedDocument[];
}

export type DeletionOutcome = { status: 'deleted'; account: DeletedAccount } | { status: 'payment_in_progress' };

/**
 * Deletes one account inside the caller's transaction `tx`, which must already hold the users
 * row locked (FOR UPDATE) and have checked that it is not deleted. Everything in the database
 * happens here, atomically; the provider's cards and the stored files are removed afterwards by
 * `removeExternalData`, because no transaction waits on the network.
 *
 * The row stays, with no personal data, so the other party's auctions, bids, messages and
 * payments keep their counterpart; its first name becomes DELETED_USER_NAME, so every place
 * that names a person shows 'Deleted user' (and no photo) without a special case.
 */
export async function deleteAccountInTransaction(
  tx: Db,
  input: { userId: string; now: Date; reason: AccountDeletionReason },
): Promise<DeletionOutcome> {
  const { userId, now } = input;
  if (await hasPaymentInProgress(tx, userId, now)) return { status: 'payment_in_progress' };

  const [before] = rowsOf<{
    stripe_customer_id: string | null;
    profile_image_url: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(
    await tx.execute(
      sql`SELECT stripe_customer_id, profile_image_url, first_name, last_name FROM users WHERE id = ${userId}::uuid`,
    ),
  );

  // Open auctions end as a cancellation, so their bidders hear about it (docs/product.md §4).
  const cancelled: Auction[] = await cancelUnclosedAuctionsOf(tx, userId, now);
  for (const auction of cancelled) await notifyBiddersOfChange(tx, auction, 'cancelled');

  const documents = await markLiveDocumentsDeleted(tx, userId, now);
  const photos = rowsOf<{ url: string }>(
    await tx.execute(sql`DELETE FROM profile_photos WHERE user_id = ${userId}::uuid RETURNING url`),
  );
  // Covers show the member's photos on their (now cancelled or finished) auctions: they go too.
  const covers = rowsOf<{ url: string }>(
    await tx.execute(sql`
      UPDATE auctions SET cover_image_url = NULL
      FROM auctions AS old
      WHERE auctions.id = old.id AND auctions.creator_id = ${userId}::uuid AND auctions.cover_image_url IS NOT NULL
      RETURNING old.cover_image_url AS url`),
  );
  // Photos the photo screening still holds (a held cover is in no auction yet): their files go too.
  const held = rowsOf<{ url: string }>(
    await tx.execute(sql`DELETE FROM photo_reviews WHERE owner_id = ${userId}::uuid RETURNING url`),
  );
  // A bid's notices still waiting to be written (docs/notifications.md, "A bid's notices") become
  // notifications now, so the member's own go with the rest and others' stop naming them below.
  await writeWaitingBidNoticesOf(tx, userId);
  await deletePersonalRowsOf(tx, userId);
  // Issue 35: the private answers they gave after dates go; the reviews they wrote stay, signed
  // "A former member" (docs/accounts.md).
  await forgetPrivateAnswersOf(tx, userId, now);
  const displayName = displayNameOf({ firstName: before?.first_name, lastName: before?.last_name });
  if (before?.first_name?.trim()) {
    await renameInOthersNotifications(tx, {
      userId,
      displayName,
      firstName: before.first_name,
      replacement: DELETED_USER_NAME,
    });
  }

  const at = timestampParam(now);
  await tx.execute(sql`
    UPDATE users SET
      email = NULL, password_hash = NULL,
      first_name = ${DELETED_USER_NAME}, last_name = NULL,
      profile_image_url = NULL, bio = NULL, age = NULL, location = NULL, country = NULL, zip_code = NULL,
      latitude = NULL, longitude = NULL, interests = '{}'::text[], sex = NULL, open_to_dates_with = '{}'::sex[],
      stripe_customer_id = NULL, card_on_file = false,
      identity_verification_status = 'unverified', identity_verification_step = NULL, id_document_type = NULL,
      id_document_front_url = NULL, id_document_back_url = NULL, biometric_selfie_url = NULL,
      verification_confidence_score = NULL, verification_details = NULL, verification_attempted_at = NULL,
      verification_completed_at = NULL, requires_manual_review = false, reviewer_notes = NULL,
      identity_verification_session_id = NULL,
      verification_data_deleted_at = CASE WHEN ${documents.length > 0} THEN ${at} ELSE verification_data_deleted_at END,
      role = 'member', suspension_reason = NULL, inactivity_warned_at = NULL,
      deleted_at = ${at}, updated_at = ${at}
    WHERE id = ${userId}::uuid`);

  await recordAuditEvent(tx, {
    action: 'delete',
    outcome: 'success',
    resource: 'account',
    resourceId: userId,
    userId,
    details: {
      reason: input.reason,
      auctionsCancelled: cancelled.length,
      verificationFilesDeleted: documents.length,
    },
    at: now,
  });

  return {
    status: 'deleted',
    account: {
      userId,
      cancelledAuctionIds: cancelled.map((a) => a.id),
      stripeCustomerId: before?.stripe_customer_id ?? null,
      pictureUrls: [
        ...new Set([
          before?.profile_image_url,
          ...photos.map((p) => p.url),
          ...covers.map((c) => c.url),
          ...held.map((h) => h.url),
        ]),
      ].filter((url): url is string => typeof url === 'string'),
      documents,
    },
  };
}

/**
 * After the deletion committed: detach the member's saved payment methods at the provider and
 * delete their profile picture and verification files from storage. Each step is idempotent and
 * a failure is logged, never thrown (the account is deleted already); verification files left
 * behind keep their `object_key` and are retried by the retention job (retention.job.ts).
 */
export async function removeExternalData(deps: AccountDeletionDeps, account: DeletedAccount): Promise<void> {
  if (account.stripeCustomerId) {
    try {
      const methods = await deps.paymentProvider.listPaymentMethods(account.stripeCustomerId);
      for (const method of methods) await deps.paymentProvider.detachPaymentMethod(account.stripeCustomerId, method.id);
    } catch (err) {
      deps.logger.error({ err, userId: account.userId }, 'could not detach the deleted account’s payment methods');
    }
  }
  for (const url of account.pictureUrls) {
    const photoId = photoIdOfServedPath(url);
    if (!photoId) continue;
    try {
      await Promise.all(photoKeysOf(photoId).map((key) => deps.storage.deleteObject(key)));
    } catch (err) {
      deps.logger.error({ err, userId: account.userId }, 'could not delete the deleted account’s photos');
    }
  }
  await deleteDocumentFiles(deps, account.documents);
}

/** Deletes verification files whose rows are marked deleted, then clears each row's key. */
export async function deleteDocumentFiles(
  deps: Pick<AccountDeletionDeps, 'db' | 'storage' | 'logger'>,
  documents: DeletedDocument[],
): Promise<number> {
  let removed = 0;
  for (const document of documents) {
    try {
      await deps.storage.deleteObject(document.objectKey);
      await deps.db.execute(
        sql`UPDATE identity_documents SET object_key = NULL WHERE id = ${document.id}::uuid AND object_key = ${document.objectKey}`,
      );
      removed += 1;
    } catch (err) {
      // The key stays on the row, so the retention job's sweep retries it. Only the error's kind is
      // logged: a storage error's message may name the private key (docs/engineering.md §5).
      const kind = err instanceof Error ? err.name : 'unknown';
      deps.logger.error({ documentId: document.id, error: kind }, 'could not delete a verification file; will retry');
    }
  }
  return removed;
}
