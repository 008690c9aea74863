import {
  displayNameOf,
  type IdDocumentType,
  IDENTITY_MESSAGES,
  isUuid,
  type VerificationDecisionBody,
  type VerificationReviewItem,
} from '@bid/contract';
import { notify } from '../notifications/notify.js';
import type { RequestContext } from '../uploads/uploads.service.js';
import { notFound } from '../../lib/errors.js';
import { auditIdentity } from './identity.audit.js';
import {
  listCurrentSessionDocuments,
  listManualReviewQueue,
  lockUser,
  updateVerificationFields,
} from './identity.repository.js';
import { identityDocumentPath, type IdentityDeps } from './identity.service.js';

const QUEUE_LIMIT = 100;

/** GET /api/moderation/verifications: who waits for a decision (the caller is a moderator). */
export async function listVerificationQueue(deps: IdentityDeps): Promise<VerificationReviewItem[]> {
  const users = await listManualReviewQueue(deps.db, QUEUE_LIMIT);
  const docs = await listCurrentSessionDocuments(deps.db, users);
  return users.map((user) => ({
    userId: user.id,
    displayName: displayNameOf(user),
    documentType: (user.idDocumentType ?? null) as IdDocumentType | null,
    confidenceScore: user.verificationConfidenceScore,
    attemptedAt: user.verificationAttemptedAt?.toISOString() ?? null,
    documents: docs
      .filter((doc) => doc.userId === user.id)
      .map((doc) => ({ id: doc.id, kind: doc.kind, url: identityDocumentPath(doc.id) })),
  }));
}

const DECISION_NOTICES = {
  verified: {
    title: 'Identity verified',
    message: 'A moderator verified your identity. A verified badge now shows on your profile and your auctions.',
  },
  failed: {
    title: 'Verification failed',
    message: 'A moderator could not verify your identity. Open your profile to try again.',
  },
} as const;

/** POST /api/moderation/verifications/:userId/decide */
export async function decideVerification(
  deps: IdentityDeps,
  moderatorId: string,
  userId: string,
  body: Required<VerificationDecisionBody>,
  context: RequestContext,
): Promise<{ userId: string; status: 'verified' | 'failed' }> {
  const now = deps.now();
  const decision = body.decision;
  const done = await deps.db.transaction(async (tx) => {
    const user = isUuid(userId) ? await lockUser(tx, userId) : undefined;
    if (!user || !user.requiresManualReview || user.identityVerificationStatus !== 'manual_review') return false;
    await updateVerificationFields(tx, userId, {
      identityVerificationStatus: decision,
      identityVerificationStep: 'complete',
      requiresManualReview: false,
      reviewerNotes: body.notes,
      verificationCompletedAt: now,
    });
    const audit = {
      resource: 'identity_verification' as const,
      resourceId: user.identityVerificationSessionId,
      userId,
      context,
      at: now,
      details: { decidedBy: moderatorId, decision, source: 'manual_review' },
    };
    const outcome = decision === 'verified' ? ('success' as const) : ('failure' as const);
    await auditIdentity(tx, { ...audit, action: 'verify', outcome });
    await auditIdentity(tx, { ...audit, action: 'verification_complete', outcome });
    await notify(tx, [{ userId, type: 'identity_verification', ...DECISION_NOTICES[decision] }]);
    return true;
  });
  if (!done) throw notFound(IDENTITY_MESSAGES.notInQueue);
  return { userId, status: decision };
}
