import { ACCOUNT_DELETE_PAYMENT_IN_PROGRESS } from '@bid/contract';
import type { Db } from '../../db/client.js';
import { conflict, unauthorized } from '../../lib/errors.js';
import { presentAuctionFields } from '../auctions/auctions.presenter.js';
import { getMyPreferences, pushDevicesForExport } from '../notifications/channels.service.js';
import { listPaymentsOf } from '../payments/charges/charges.service.js';
import { presentPayment } from '../payments/charges/payments.presenter.js';
import {
  findUserRow,
  isDeletedUser,
  listAuditEntriesOf,
  listBlocksMade,
  listDocumentsOf,
  listHostedAuctions,
  listMessagesOf,
  listNotificationsOf,
  listPlacedBids,
  listReportsAbout,
  listReportsMade,
  listSignInMethods,
  lockLiveUser,
} from './account.repository.js';
import {
  deleteAccountInTransaction,
  removeExternalData,
  type AccountDeletionDeps,
  type DeletedAccount,
} from './delete-account.js';
import { listFeedbackForExport } from '../feedback/feedback.service.js';

/** Every payment row of a member fits: GET /api/payments shows 100, the export shows them all. */
const EXPORT_PAYMENTS_LIMIT = 100_000;

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * GET /api/account/export: everything we hold about the signed-in member (docs/trust-and-safety.md,
 * "Data export"). Other people appear by first name only; no other member's e-mail, id card,
 * report or private data is ever included.
 */
export async function exportMyData(
  deps: Pick<AccountDeletionDeps, 'db' | 'paymentProvider' | 'now' | 'logger'>,
  userId: string,
) {
  const { db } = deps;
  const user = await findUserRow(db, userId);
  if (!user) throw unauthorized();

  const [hosted, placedBids, messageRows, notificationRows, paymentRows, blocksMade, reportsMade, reportsAbout] =
    await Promise.all([
      listHostedAuctions(db, userId),
      listPlacedBids(db, userId),
      listMessagesOf(db, userId),
      listNotificationsOf(db, userId),
      listPaymentsOf(db, userId, EXPORT_PAYMENTS_LIMIT),
      listBlocksMade(db, userId),
      listReportsMade(db, userId),
      listReportsAbout(db, userId),
    ]);
  const [documents, signInMethods, auditEntries, notificationPreferences, pushDevices, feedbackWritten] =
    await Promise.all([
      listDocumentsOf(db, userId),
      listSignInMethods(db, userId),
      listAuditEntriesOf(db, userId),
      getMyPreferences({ db }, userId),
      pushDevicesForExport(db, userId),
      listFeedbackForExport(db, userId),
    ]);

  let paymentMethods: { type: string; brand: string | null; last4: string | null }[] = [];
  if (user.stripeCustomerId) {
    const methods = await deps.paymentProvider.listPaymentMethods(user.stripeCustomerId);
    paymentMethods = methods.map((m) => ({
      type: m.type,
      brand: m.card?.brand ?? m.us_bank_account?.bank_name ?? null,
      last4: m.card?.last4 ?? m.us_bank_account?.last4 ?? null,
    }));
  }

  return {
    exportedAt: deps.now().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      bio: user.bio,
      age: user.age,
      location: user.location,
      country: user.country,
      zipCode: user.zipCode,
      latitude: user.latitude,
      longitude: user.longitude,
      interests: user.interests,
      sex: user.sex,
      openToDatesWith: user.openToDatesWith,
      profileImageUrl: user.profileImageUrl,
      role: user.role,
      hasPassword: user.passwordHash !== null,
      signInProviders: signInMethods.map((m) => ({ provider: m.provider, linkedAt: iso(m.createdAt) })),
      suspendedAt: iso(user.suspendedAt),
      suspensionReason: user.suspensionReason,
      lastActiveAt: iso(user.lastActiveAt),
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    identityVerification: {
      status: user.identityVerificationStatus,
      step: user.identityVerificationStep,
      documentType: user.idDocumentType,
      confidenceScore: user.verificationConfidenceScore,
      details: user.verificationDetails ?? null,
      attemptedAt: iso(user.verificationAttemptedAt),
      completedAt: iso(user.verificationCompletedAt),
      requiresManualReview: user.requiresManualReview,
      reviewerNotes: user.reviewerNotes,
      dataDeletedAt: iso(user.verificationDataDeletedAt),
      // Which files we hold (or held), never their keys or contents.
      documents: documents.map((d) => ({ kind: d.kind, storedAt: iso(d.createdAt), deletedAt: iso(d.deletedAt) })),
    },
    auctionsHosted: hosted.map(presentAuctionFields),
    bidsPlaced: placedBids.map((b) => ({
      id: b.id,
      auctionId: b.auctionId,
      auctionTitle: b.auctionTitle,
      amount: b.amount,
      createdAt: iso(b.createdAt),
    })),
    messages: messageRows.map((m) => ({
      id: m.id,
      conversationId: m.conversationId,
      direction: m.senderId === userId ? 'sent' : 'received',
      otherPartyFirstName: m.otherFirstName,
      content: m.content,
      isRead: m.isRead,
      createdAt: iso(m.createdAt),
    })),
    notifications: notificationRows.map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      message: n.message,
      isRead: n.isRead,
      relatedAuctionId: n.relatedAuctionId,
      createdAt: iso(n.createdAt),
    })),
    notificationPreferences: notificationPreferences.preferences,
    pushDevices,
    payments: paymentRows.map(presentPayment),
    paymentMethods,
    blocksMade: blocksMade.map((b) => ({ blockedFirstName: b.blockedFirstName, createdAt: iso(b.createdAt) })),
    reportsMade: reportsMade.map((r) => ({
      targetType: r.targetType,
      targetId: r.targetId,
      reason: r.reason,
      details: r.details,
      status: r.status,
      createdAt: iso(r.createdAt),
      resolvedAt: iso(r.resolvedAt),
      action: r.action,
      resolutionReasons: r.resolutionReasons,
    })),
    reportsAboutYou: reportsAbout.map((r) => ({
      targetType: r.targetType,
      targetId: r.targetId,
      reason: r.reason,
      status: r.status,
      createdAt: iso(r.createdAt),
      resolvedAt: iso(r.resolvedAt),
      action: r.action,
      resolutionReasons: r.resolutionReasons,
    })),
    // Issue 35: the member's own feedback after dates, private answers included (never the other person's).
    feedbackGiven: feedbackWritten.map((f) => ({
      auctionId: String(f.auction_id),
      auctionTitle: String(f.title),
      met: (f.met as string | null) ?? null,
      feltSafe: (f.felt_safe as boolean | null) ?? null,
      again: (f.again as boolean | null) ?? null,
      rating: f.rating === null ? null : Number(f.rating),
      review: (f.review as string | null) ?? null,
      submittedAt: new Date(f.submitted_at as string).toISOString(),
      responseToIt: (f.response as string | null) ?? null,
    })),
    auditLog: auditEntries.map((e) => ({ ...e, timestamp: iso(e.timestamp) })),
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportMyData>>;

/**
 * DELETE /api/account {confirm: "DELETE"}: the member deletes their own account. Refused with a
 * 409 while a payment is in progress (docs/trust-and-safety.md, "Deleting an account").
 * The caller signs the request's session out; every other session is deleted with the account.
 * The route has checked the confirmation against deleteAccountSchema, after the sign-in check.
 */
export async function deleteMyAccount(deps: AccountDeletionDeps, userId: string): Promise<void> {
  const now = deps.now();
  const account = await deps.db.transaction(async (tx): Promise<DeletedAccount> => {
    const live = await lockLiveUser(tx, userId);
    if (!live) throw unauthorized();
    const outcome = await deleteAccountInTransaction(tx, { userId, now, reason: 'member_request' });
    if (outcome.status === 'payment_in_progress') throw conflict(ACCOUNT_DELETE_PAYMENT_IN_PROGRESS);
    return outcome.account;
  });
  deps.logger.info(
    { userId, auctionsCancelled: account.cancelledAuctionIds.length },
    'account deleted at the member’s request',
  );
  await removeExternalData(deps, account);
}

/**
 * Whether the member deleted their account (the row stays for the other party of a conversation,
 * a date, a review). Other modules ask this here, never account.repository.ts
 * (docs/architecture.md, "Folders of the server").
 */
export function isAccountDeleted(db: Db, userId: string): Promise<boolean> {
  return isDeletedUser(db, userId);
}
