import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type IdDocumentType,
  IDENTITY_MESSAGES,
  type IdentityDocumentBody,
  type IdentityDocumentKind,
  type IdentityVerificationStatus,
  type IdentityVerificationStep,
  type IdentityVerificationView,
  isUuid,
  requiredIdentityFiles,
  SANDBOX_VERIFICATION_PATH,
  type SandboxVerificationOutcome,
  UPLOAD_MAX_BYTES,
} from '@bid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { IdentityDocument, User } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { notify } from '../notifications/notify.js';
import { processProfileImage } from '../uploads/image-processing.js';
import { ObjectTooLargeError, type ObjectStorage } from '../../lib/storage/object-storage.js';
import { uploadErrors } from '../uploads/upload-errors.js';
import {
  findGrantByUploadUrl,
  toStoredUploadUrl,
  useUpGrant,
  type RequestContext,
} from '../uploads/uploads.service.js';
import { isModerator } from '../../plugins/moderators.js';
import { auditIdentity, SYSTEM_CONTEXT } from './identity.audit.js';
import {
  claimWebhookEvent,
  findIdentityDocument,
  findUserForVerification,
  insertIdentityDocument,
  listSessionDocuments,
  lockUser,
  lockUserBySession,
  markDocumentDeleted,
  updateVerificationFields,
} from './identity.repository.js';
import { SANDBOX_CONFIDENCE } from './providers/sandbox-partner.js';
import {
  WebhookSignatureError,
  type PartnerVerdict,
  type VerificationPartner,
} from './providers/verification-partner.js';

export interface IdentityDeps {
  db: Db;
  storage: ObjectStorage;
  partner: VerificationPartner;
  now: () => Date;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/** Documents keep enough detail for a person to read them; profile pictures are smaller. */
const IDENTITY_IMAGE_SIZE_PX = 1600;

export const identityDocumentPath = (documentId: string) => `/api/identity/documents/${documentId}`;
const identityObjectKey = () => `identity/${randomUUID()}.jpg`;

const FILE_FIELD: Record<IdentityDocumentKind, 'idDocumentFrontUrl' | 'idDocumentBackUrl' | 'biometricSelfieUrl'> = {
  document_front: 'idDocumentFrontUrl',
  document_back: 'idDocumentBackUrl',
  selfie: 'biometricSelfieUrl',
};

const NOTICES: Partial<Record<IdentityVerificationStatus, { title: string; message: string }>> = {
  verified: {
    title: 'Identity verified',
    message: 'Your identity is verified. A verified badge now shows on your profile and your auctions.',
  },
  requires_input: {
    title: 'Verification needs more information',
    message: 'We could not complete your identity check. Open your profile and try again with clear photos.',
  },
  manual_review: {
    title: 'Verification under review',
    message: 'A moderator is reviewing your identity check. We will tell you the result here.',
  },
  failed: {
    title: 'Verification failed',
    message: 'We could not verify your identity. Open your profile to try again.',
  },
};

function presentVerification(user: User, partner: VerificationPartner['name'], uploaded: IdentityDocumentKind[]) {
  const step = (user.identityVerificationStep ?? null) as IdentityVerificationStep | null;
  const view: IdentityVerificationView = {
    partner,
    status: user.identityVerificationStatus as IdentityVerificationStatus,
    step,
    documentType: (user.idDocumentType ?? null) as IdDocumentType | null,
    uploaded,
    confidenceScore: user.verificationConfidenceScore,
    requiresManualReview: user.requiresManualReview,
    attemptedAt: user.verificationAttemptedAt?.toISOString() ?? null,
    completedAt: user.verificationCompletedAt?.toISOString() ?? null,
    url: partner === 'sandbox' && step === 'upload_documents' ? SANDBOX_VERIFICATION_PATH : null,
  };
  return view;
}

async function uploadedKinds(db: Db, user: User): Promise<IdentityDocumentKind[]> {
  if (!user.identityVerificationSessionId) return [];
  const docs = await listSessionDocuments(db, user.id, user.identityVerificationSessionId);
  return [...new Set(docs.map((d) => d.kind))];
}

async function getUser(db: Db, userId: string): Promise<User> {
  const user = await findUserForVerification(db, userId);
  if (!user || user.deletedAt) throw unauthorized();
  return user;
}

/** GET /api/identity/verification */
export async function getMyVerification(deps: IdentityDeps, userId: string): Promise<IdentityVerificationView> {
  const user = await getUser(deps.db, userId);
  return presentVerification(user, deps.partner.name, await uploadedKinds(deps.db, user));
}

/** Removes files from storage and marks their rows; a storage failure is logged, not fatal. */
async function removeFiles(deps: IdentityDeps, docs: IdentityDocument[], userId: string, reason: string, at: Date) {
  for (const doc of docs) {
    if (doc.objectKey) {
      try {
        await deps.storage.deleteObject(doc.objectKey);
      } catch (err) {
        deps.log.warn({ err, documentId: doc.id }, 'could not delete an identity file');
        continue;
      }
    }
    await markDocumentDeleted(deps.db, doc.id, at);
    await auditIdentity(deps.db, {
      action: 'delete',
      outcome: 'success',
      resource: 'identity_document',
      resourceId: doc.id,
      userId,
      details: { kind: doc.kind, reason },
      context: SYSTEM_CONTEXT,
      at,
    });
  }
}

/**
 * POST /api/identity/verification: a new session with the partner. Allowed unless the member
 * is already verified or waiting for a moderator; files of an unfinished earlier attempt go.
 */
export async function startVerification(
  deps: IdentityDeps,
  userId: string,
  body: { documentType?: IdDocumentType | undefined },
  context: RequestContext,
): Promise<IdentityVerificationView & { url: string }> {
  const user = await getUser(deps.db, userId);
  if (user.identityVerificationStatus === 'verified') throw conflict(IDENTITY_MESSAGES.alreadyVerified);
  if (user.identityVerificationStatus === 'manual_review') throw conflict(IDENTITY_MESSAGES.inManualReview);

  const session = await deps.partner.createSession({
    userId,
    returnUrl: `${deps.publicUrl}/profile?identity=returned`,
  });
  const now = deps.now();
  const previousSession = user.identityVerificationSessionId;
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateVerificationFields(tx, userId, {
      identityVerificationStatus: 'pending',
      identityVerificationStep: deps.partner.name === 'sandbox' ? 'upload_documents' : 'partner_redirect',
      identityVerificationSessionId: session.id,
      idDocumentType: body.documentType ?? null,
      idDocumentFrontUrl: null,
      idDocumentBackUrl: null,
      biometricSelfieUrl: null,
      verificationConfidenceScore: null,
      verificationDetails: null,
      verificationAttemptedAt: now,
      verificationCompletedAt: null,
      requiresManualReview: false,
    });
    await auditIdentity(tx, {
      action: 'verification_start',
      outcome: 'success',
      resource: 'identity_verification',
      resourceId: session.id,
      userId,
      details: { partner: deps.partner.name, method: 'document_and_selfie' },
      context,
      at: now,
    });
    return row!;
  });
  if (previousSession && previousSession !== session.id) {
    const stale = await listSessionDocuments(deps.db, userId, previousSession);
    await removeFiles(deps, stale, userId, 'restarted', now);
  }
  return { ...presentVerification(updated, deps.partner.name, []), url: session.url };
}

function assertSandbox(deps: IdentityDeps) {
  // The sandbox's routes do not exist when a real partner is configured.
  if (deps.partner.name !== 'sandbox') throw notFound(IDENTITY_MESSAGES.sandboxOnly);
}

/**
 * The sandbox steps that follow the start (adding a photo, choosing the partner's answer): only
 * in the sandbox, and only for a member whose started session waits for their documents.
 */
async function sandboxSessionAwaitingDocuments(
  deps: IdentityDeps,
  userId: string,
): Promise<{ user: User; sessionId: string }> {
  assertSandbox(deps);
  const user = await getUser(deps.db, userId);
  const sessionId = user.identityVerificationSessionId;
  if (
    !sessionId ||
    user.identityVerificationStatus !== 'pending' ||
    user.identityVerificationStep !== 'upload_documents'
  ) {
    throw conflict(IDENTITY_MESSAGES.notStarted);
  }
  return { user, sessionId };
}

async function readRawUpload(deps: IdentityDeps, objectKey: string): Promise<Buffer> {
  try {
    const raw = await deps.storage.readObject(objectKey, UPLOAD_MAX_BYTES);
    if (!raw) throw uploadErrors.nothingUploaded();
    return raw;
  } catch (error) {
    if (error instanceof ObjectTooLargeError) throw uploadErrors.tooLarge();
    throw error;
  }
}

/**
 * POST /api/identity/verification/documents (sandbox): makes an upload of this member (the
 * ordinary signed-URL upload) one of their verification photos. The file is decoded and
 * re-encoded like a profile picture, then stored under the private `identity/` prefix.
 */
export async function addIdentityDocument(
  deps: IdentityDeps,
  userId: string,
  body: Required<IdentityDocumentBody>,
  context: RequestContext,
): Promise<IdentityVerificationView> {
  const { user, sessionId } = await sandboxSessionAwaitingDocuments(deps, userId);
  const documentType = body.documentType;
  if (user.idDocumentType && user.idDocumentType !== documentType) {
    throw badRequest(IDENTITY_MESSAGES.documentTypeChanged, 'documentType');
  }
  if (!requiredIdentityFiles(documentType).includes(body.kind)) {
    throw badRequest(IDENTITY_MESSAGES.noBackForPassport, 'kind');
  }

  const grant = await findGrantByUploadUrl(deps.db, toStoredUploadUrl(body.imageURL, deps.publicUrl));
  if (!grant || grant.userId !== userId) throw uploadErrors.notYourUpload();
  if (grant.consumedAt) throw uploadErrors.urlUsed();
  const raw = await readRawUpload(deps, grant.objectKey);
  let image;
  try {
    image = await processProfileImage(raw, IDENTITY_IMAGE_SIZE_PX);
  } catch (error) {
    if (error instanceof AppError) await deps.storage.deleteObject(grant.objectKey).catch(() => undefined);
    throw error;
  }

  const objectKey = identityObjectKey();
  await deps.storage.writeObject(objectKey, image.bytes, 'image/jpeg');
  const now = deps.now();
  let replaced: IdentityDocument[] = [];
  let updated: User | undefined;
  try {
    updated = await deps.db.transaction(async (tx) => {
      if (!(await useUpGrant(tx, grant.id, now))) throw uploadErrors.urlUsed();
      const locked = await lockUser(tx, userId);
      if (locked?.identityVerificationSessionId !== sessionId) throw conflict(IDENTITY_MESSAGES.notStarted);
      replaced = (await listSessionDocuments(tx, userId, sessionId)).filter((d) => d.kind === body.kind);
      const doc = await insertIdentityDocument(tx, {
        userId,
        verificationSessionId: sessionId,
        kind: body.kind,
        objectKey,
        createdAt: now,
      });
      const row = await updateVerificationFields(tx, userId, {
        idDocumentType: documentType,
        [FILE_FIELD[body.kind]]: identityDocumentPath(doc.id),
      });
      const audit = { resource: 'identity_document' as const, resourceId: doc.id, userId, context, at: now };
      await auditIdentity(tx, {
        ...audit,
        action: 'upload',
        outcome: 'success',
        details: { kind: body.kind, documentType, bytes: image.bytes.length },
      });
      await auditIdentity(tx, {
        ...audit,
        action: 'document_secured',
        outcome: 'success',
        details: { kind: body.kind },
      });
      return row;
    });
  } catch (error) {
    await deps.storage.deleteObject(objectKey).catch(() => undefined);
    throw error;
  }
  await deps.storage.deleteObject(grant.objectKey).catch(() => undefined);
  if (replaced.length > 0) await removeFiles(deps, replaced, userId, 'replaced', now);
  return presentVerification(updated!, deps.partner.name, await uploadedKinds(deps.db, updated!));
}

/**
 * Applies a partner's verdict to the member whose session it is: the one path for Stripe's
 * webhooks and the sandbox's outcomes. Returns false for a session nobody holds (an old one).
 */
export async function applyVerdict(deps: IdentityDeps, verdict: PartnerVerdict, context: RequestContext) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const user = await lockUserBySession(tx, verdict.sessionId);
    if (!user) return false;
    // A verified identity is not undone by a late or out-of-order event of the same session.
    if (user.identityVerificationStatus === 'verified') return true;
    const score = verdict.confidenceScore === null ? null : verdict.confidenceScore.toFixed(4);
    const base = { verificationConfidenceScore: score, verificationDetails: verdict.details };
    const audit = {
      resource: 'identity_verification' as const,
      resourceId: verdict.sessionId,
      userId: user.id,
      context,
      at: now,
    };
    const details = { result: verdict.result, partner: deps.partner.name, ...pickCodes(verdict.details) };
    let status: IdentityVerificationStatus;
    switch (verdict.result) {
      case 'processing':
        await updateVerificationFields(tx, user.id, {
          identityVerificationStatus: 'pending',
          identityVerificationStep: 'processing',
        });
        return true;
      case 'canceled':
        await updateVerificationFields(tx, user.id, {
          identityVerificationStatus: 'unverified',
          identityVerificationStep: null,
        });
        await auditIdentity(tx, { ...audit, action: 'verification_complete', outcome: 'failure', details });
        return true;
      case 'verified':
      case 'failed': {
        // A final answer: the verification is complete either way.
        status = verdict.result;
        const outcome = status === 'verified' ? ('success' as const) : ('failure' as const);
        await updateVerificationFields(tx, user.id, {
          ...base,
          identityVerificationStatus: status,
          identityVerificationStep: 'complete',
          verificationCompletedAt: now,
          requiresManualReview: false,
        });
        await auditIdentity(tx, { ...audit, action: 'verify', outcome, details });
        await auditIdentity(tx, { ...audit, action: 'verification_complete', outcome, details });
        break;
      }
      case 'requires_input':
      case 'manual_review': {
        // Not final: the member tries again (a failed check), or a moderator decides (a passed one).
        status = verdict.result;
        const review = status === 'manual_review';
        await updateVerificationFields(tx, user.id, {
          ...base,
          identityVerificationStatus: status,
          identityVerificationStep: review ? 'manual_review' : 'retry',
          ...(review ? { requiresManualReview: true } : {}),
        });
        await auditIdentity(tx, { ...audit, action: 'verify', outcome: review ? 'success' : 'failure', details });
        break;
      }
    }
    await notifyOutcome(tx, user.id, status);
    return true;
  });
}

function pickCodes(details: PartnerVerdict['details']) {
  return details.errorCode ? { errorCode: details.errorCode } : {};
}

async function notifyOutcome(db: Db, userId: string, status: IdentityVerificationStatus) {
  const notice = NOTICES[status];
  if (!notice) return;
  await notify(db, [{ userId, type: 'identity_verification', title: notice.title, message: notice.message }]);
}

/** POST /api/identity/sandbox/complete: the test input chooses the partner's answer. */
export async function completeSandboxVerification(
  deps: IdentityDeps,
  userId: string,
  outcome: SandboxVerificationOutcome,
  context: RequestContext,
): Promise<IdentityVerificationView> {
  const { user, sessionId } = await sandboxSessionAwaitingDocuments(deps, userId);
  const type = user.idDocumentType as IdDocumentType | null;
  const have = await uploadedKinds(deps.db, user);
  if (!type || !requiredIdentityFiles(type).every((kind) => have.includes(kind))) {
    throw badRequest(IDENTITY_MESSAGES.missingFiles);
  }
  await applyVerdict(
    deps,
    {
      sessionId,
      result: outcome,
      confidenceScore: SANDBOX_CONFIDENCE[outcome],
      details: { partner: 'sandbox', documentType: type, outcome },
    },
    context,
  );
  return getMyVerification(deps, userId);
}

/**
 * POST /api/identity/webhook: a signed partner event, applied once. A replayed event id is
 * acknowledged and ignored; a bad or stale signature is refused before anything is read.
 */
export async function receiveWebhook(
  deps: IdentityDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  if (!deps.partner.parseWebhook) throw notFound();
  let event;
  try {
    event = deps.partner.parseWebhook(rawBody, signature, deps.now());
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      deps.log.warn({ reason: error.message }, 'refused an identity webhook');
      throw new AppError(400, 'bad_signature', IDENTITY_MESSAGES.webhookSignature);
    }
    throw error;
  }
  // Claim and verdict commit together: a verdict that fails (a value the database refuses, the
  // database going away) must not leave the event claimed, or Stripe's retry would be
  // acknowledged as a duplicate and the verdict lost.
  return deps.db.transaction(async (tx) => {
    if (!(await claimWebhookEvent(tx, event.eventId, event.type))) return { received: true, duplicate: true };
    if (event.verdict) await applyVerdict({ ...deps, db: tx }, event.verdict, SYSTEM_CONTEXT);
    return { received: true, duplicate: false };
  });
}

/**
 * GET /api/identity/documents/:id: the file to its owner or a moderator, and to nobody else.
 * Any other viewer gets the same 404 as for an id that does not exist, and an access_denied
 * entry in the audit chain.
 */
export async function openIdentityDocument(
  deps: IdentityDeps,
  viewerId: string,
  documentId: string,
  context: RequestContext,
): Promise<{ body: Readable; size: number }> {
  const doc = isUuid(documentId) ? await findIdentityDocument(deps.db, documentId) : undefined;
  const now = deps.now();
  const allowed = doc !== undefined && (doc.userId === viewerId || (await isModerator(deps.db, viewerId)));
  await auditIdentity(deps.db, {
    action: allowed ? 'access_granted' : 'access_denied',
    outcome: allowed ? 'success' : 'denied',
    resource: 'identity_document',
    resourceId: doc ? doc.id : null,
    userId: viewerId,
    details: { owner: doc ? doc.userId === viewerId : false },
    context,
    at: now,
  });
  if (!allowed || !doc.objectKey || doc.deletedAt) throw notFound();
  const file = await deps.storage.openObject(doc.objectKey);
  if (!file) throw notFound();
  return file;
}
