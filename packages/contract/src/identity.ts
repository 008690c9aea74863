import { z } from 'zod';
import { plainText } from './text.js';
import { IDENTITY_DOCUMENT_KINDS, SANDBOX_VERIFICATION_OUTCOMES, type IdentityVerificationStatus } from './trust.js';

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
export interface IdentityVerificationView {
  partner: 'stripe' | 'sandbox';
  status: IdentityVerificationStatus;
  step: IdentityVerificationStep | null;
  documentType: IdDocumentType | null;
  /** Files of the current session already received (sandbox). */
  uploaded: (typeof IDENTITY_DOCUMENT_KINDS)[number][];
  confidenceScore: string | null;
  requiresManualReview: boolean;
  attemptedAt: string | null;
  completedAt: string | null;
  /** Where to go next: the partner's page (Stripe) or the in-app sandbox page; null when nothing is to do. */
  url: string | null;
}

/** A row of GET /api/moderation/verifications. */
export interface VerificationReviewItem {
  userId: string;
  displayName: string;
  documentType: IdDocumentType | null;
  confidenceScore: string | null;
  attemptedAt: string | null;
  documents: { id: string; kind: (typeof IDENTITY_DOCUMENT_KINDS)[number]; url: string }[];
}

export const SANDBOX_VERIFICATION_PATH = '/identity/sandbox';
