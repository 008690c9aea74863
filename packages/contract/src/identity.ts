import { z } from 'zod';
import { plainText } from './text.js';
import {
  IDENTITY_DOCUMENT_KINDS,
  IDENTITY_VERIFICATION_STATUSES,
  SANDBOX_VERIFICATION_OUTCOMES,
  type IdentityVerificationStatus,
} from './trust.js';

/**
 * Identity verification (issue 8, docs/trust-and-safety.md "Identity verification"): a document
 * and a matching selfie checked by a partner (Stripe Identity, or the offline sandbox).
 */

export const ID_DOCUMENT_TYPES = ['passport', 'id_card', 'driving_license'] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];

export const ID_DOCUMENT_TYPE_LABELS: Record<IdDocumentType, string> = {
  passport: 'Passport',
  id_card: 'National ID card',
  driving_license: "Driver's license",
};

/** The files a document type needs: a passport has one page to show, cards have two sides. */
export function requiredIdentityFiles(type: IdDocumentType): (typeof IDENTITY_DOCUMENT_KINDS)[number][] {
  return type === 'passport' ? ['document_front', 'selfie'] : ['document_front', 'document_back', 'selfie'];
}

/** Where the member is in the flow (users.identityVerificationStep). */
export const IDENTITY_VERIFICATION_STEPS = [
  'upload_documents',
  'partner_redirect',
  'processing',
  'manual_review',
  'retry',
  'complete',
] as const;
export type IdentityVerificationStep = (typeof IDENTITY_VERIFICATION_STEPS)[number];

export const IDENTITY_STATUS_LABELS: Record<IdentityVerificationStatus, string> = {
  unverified: 'Not verified',
  pending: 'In progress',
  requires_input: 'More information needed',
  manual_review: 'Under review',
  verified: 'Verified',
  failed: 'Verification failed',
};

export const SANDBOX_OUTCOME_LABELS: Record<(typeof SANDBOX_VERIFICATION_OUTCOMES)[number], string> = {
  verified: 'Verified',
  requires_input: 'Needs more input',
  manual_review: 'Manual review',
  failed: 'Failed',
};

export const IDENTITY_MESSAGES = {
  alreadyVerified: 'Your identity is already verified.',
  inManualReview: 'Your verification is waiting for a moderator’s decision.',
  notStarted: 'Start a verification first.',
  missingFiles: 'Upload every required photo before submitting.',
  chooseDocumentType: 'Choose a document type',
  chooseKind: 'Choose which photo this is',
  chooseOutcome: 'Choose an outcome',
  imageRequired: 'Upload a photo first',
  noBackForPassport: 'A passport has no back side to upload.',
  documentTypeChanged: 'Start again to change the document type.',
  sandboxOnly: 'Not found',
  webhookSignature: 'Webhook signature could not be verified.',
  webhookNotConfigured: 'Identity webhooks are not configured.',
  decisionRequired: 'Choose verified or failed',
  notesRequired: 'Write the reasons for your decision',
  notInQueue: 'This member is not waiting for a verification review.',
  /** POST /api/auctions when REQUIRE_VERIFIED_HOSTS is on and the host is not verified. */
  verifiedHostRequired: 'Verify your identity before hosting an auction.',
} as const;

export const startVerificationBodySchema = z
  .object({
    documentType: z.enum(ID_DOCUMENT_TYPES, { error: IDENTITY_MESSAGES.chooseDocumentType }).optional(),
  })
  .optional()
  .default({});

export const identityDocumentBodySchema = z.object({
  documentType: z.enum(ID_DOCUMENT_TYPES, { error: IDENTITY_MESSAGES.chooseDocumentType }),
  kind: z.enum(IDENTITY_DOCUMENT_KINDS, { error: IDENTITY_MESSAGES.chooseKind }),
  imageURL: z
    .string({ error: IDENTITY_MESSAGES.imageRequired })
    .trim()
    .min(1, IDENTITY_MESSAGES.imageRequired)
    .max(2048),
});
export type IdentityDocumentBody = z.input<typeof identityDocumentBodySchema>;

export const sandboxCompleteBodySchema = z.object({
  outcome: z.enum(SANDBOX_VERIFICATION_OUTCOMES, { error: IDENTITY_MESSAGES.chooseOutcome }),
});

export const VERIFICATION_NOTES_MAX_LENGTH = 1000;

export const verificationDecisionBodySchema = z.object({
  decision: z.enum(['verified', 'failed'], { error: IDENTITY_MESSAGES.decisionRequired }),
  notes: plainText(
    z
      .string({ error: IDENTITY_MESSAGES.notesRequired })
      .trim()
      .min(1, IDENTITY_MESSAGES.notesRequired)
      .max(VERIFICATION_NOTES_MAX_LENGTH, `Notes must be at most ${VERIFICATION_NOTES_MAX_LENGTH} characters`),
    'Notes',
  ),
});
export type VerificationDecisionBody = z.input<typeof verificationDecisionBodySchema>;

/** GET/POST /api/identity/verification: the member's own verification. */
export const identityVerificationViewSchema = z.object({
  partner: z.enum(['stripe', 'sandbox']),
  status: z.enum(IDENTITY_VERIFICATION_STATUSES),
  step: z.enum(IDENTITY_VERIFICATION_STEPS).nullable(),
  documentType: z.enum(ID_DOCUMENT_TYPES).nullable(),
  /** Files of the current session already received (sandbox). */
  uploaded: z.array(z.enum(IDENTITY_DOCUMENT_KINDS)),
  confidenceScore: z.string().nullable(),
  requiresManualReview: z.boolean(),
  attemptedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Where to go next: the partner's page (Stripe) or the in-app sandbox page; null when nothing is to do. */
  url: z.string().nullable(),
});
export type IdentityVerificationView = z.infer<typeof identityVerificationViewSchema>;

/** POST /api/identity/verification: a new session always says where to go next. */
export const startedVerificationSchema = identityVerificationViewSchema.extend({ url: z.string() });
export type StartedVerification = z.infer<typeof startedVerificationSchema>;

/** A row of GET /api/moderation/verifications. */
export const verificationReviewItemSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  documentType: z.enum(ID_DOCUMENT_TYPES).nullable(),
  confidenceScore: z.string().nullable(),
  attemptedAt: z.string().nullable(),
  documents: z.array(z.object({ id: z.string(), kind: z.enum(IDENTITY_DOCUMENT_KINDS), url: z.string() })),
});
export type VerificationReviewItem = z.infer<typeof verificationReviewItemSchema>;

/** POST /api/moderation/verifications/:userId/decide: the member's new status. */
export const verificationDecisionSchema = z.object({ userId: z.string(), status: z.enum(['verified', 'failed']) });

/** POST /api/identity/webhook: acknowledged; a replayed event is a duplicate, applied once only. */
export const identityWebhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

export const SANDBOX_VERIFICATION_PATH = '/identity/sandbox';
