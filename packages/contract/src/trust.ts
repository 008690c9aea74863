import { z } from 'zod';
import { uuidSchema } from './id-schemas.js';
import { reputationSchema } from './auction-schemas.js';
import { plainText } from './text.js';

/**
 * Trust and safety (issue 8, docs/trust-and-safety.md): identity verification through a partner,
 * reports and blocks, moderation, and data retention. The constants here are shared by the
 * database enums, the server's rules and the web's screens.
 */

// ---------------------------------------------------------------------------------------------
// Identity verification
// ---------------------------------------------------------------------------------------------

/** users.identityVerificationStatus (docs/product.md §3: default 'unverified'; the other values are ours). */
export const IDENTITY_VERIFICATION_STATUSES = [
  'unverified',
  'pending',
  'requires_input',
  'manual_review',
  'verified',
  'failed',
] as const;
export type IdentityVerificationStatus = (typeof IDENTITY_VERIFICATION_STATUSES)[number];

/** What the sandbox partner can be told to answer (POST /api/identity/sandbox/complete). */
export const SANDBOX_VERIFICATION_OUTCOMES = ['verified', 'requires_input', 'manual_review', 'failed'] as const;
export type SandboxVerificationOutcome = (typeof SANDBOX_VERIFICATION_OUTCOMES)[number];

/** The kinds of private file a verification keeps until its retention ends. */
export const IDENTITY_DOCUMENT_KINDS = ['document_front', 'document_back', 'selfie'] as const;
export type IdentityDocumentKind = (typeof IDENTITY_DOCUMENT_KINDS)[number];

/** docs/product.md §1: verification data is kept 30 days (counted from the verification's completion). */
export const VERIFICATION_DATA_RETENTION_DAYS = 30;

// ---------------------------------------------------------------------------------------------
// Roles, reports, blocks and moderation
// ---------------------------------------------------------------------------------------------

export const USER_ROLES = ['member', 'moderator'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * What a report (a moderation case) is about. 'date' cases are opened by the feedback after a
 * date (issue 35), never by a member's report; 'review' is a public review a member reported.
 */
export const REPORT_TARGET_TYPES = ['user', 'auction', 'message', 'date', 'review'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
/** What a member may report themselves. */
export const MEMBER_REPORT_TARGET_TYPES = ['user', 'auction', 'message', 'review'] as const;
export type MemberReportTargetType = (typeof MEMBER_REPORT_TARGET_TYPES)[number];

/** The reasons a member picks from when reporting; 'other' needs details. */
export const REPORT_REASONS = [
  'harassment',
  'inappropriate_content',
  'sexual_content',
  'fake_profile',
  'scam_or_fraud',
  'underage',
  'safety_concern',
  'spam',
  'other',
  // Opened by the feedback after a date (issue 35, docs/trust-and-safety.md), never picked by a member.
  'unsafe_date',
  'no_show',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type MemberReportReason = Exclude<ReportReason, 'unsafe_date' | 'no_show'>;
/** The reasons the report dialog offers. */
export const MEMBER_REPORT_REASONS = REPORT_REASONS.filter(
  (reason): reason is Exclude<ReportReason, 'unsafe_date' | 'no_show'> =>
    reason !== 'unsafe_date' && reason !== 'no_show',
);

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Harassment or bullying',
  inappropriate_content: 'Inappropriate content',
  sexual_content: 'Sexual content or solicitation',
  fake_profile: 'Fake profile or impersonation',
  scam_or_fraud: 'Scam or fraud',
  underage: 'May be under 18',
  safety_concern: 'Safety concern',
  spam: 'Spam',
  other: 'Something else',
  unsafe_date: 'Did not feel safe on a date',
  no_show: 'Did not show up to a date',
};

/** docs/product.md §1: the target for reviewing reports is 24 hours; a report is due this long after it was made. */
export const REPORT_REVIEW_HOURS = 24;
export const REPORT_DETAILS_MAX_LENGTH = 500;

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a moderator can do with a report. */
export const MODERATION_ACTIONS = [
  'dismiss',
  'warn',
  'hide_auction',
  'suspend_user',
  // Issue 35: a reported review is hidden; a no-show answer found untrue stops counting; a
  // host's suspension from hosting after repeated no-shows is lifted.
  'hide_review',
  'overturn_no_show',
  'lift_hosting_suspension',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  warn: 'Warn the member',
  hide_auction: 'Hide the auction',
  suspend_user: 'Suspend the member',
  hide_review: 'Hide the review',
  overturn_no_show: 'Overturn the no-show (they did show up)',
  lift_hosting_suspension: 'Lift the hosting suspension',
};

export const MODERATION_REASONS_MAX_LENGTH = 1000;

export const createReportSchema = z.object({
  targetType: z.enum(MEMBER_REPORT_TARGET_TYPES, { error: 'Choose what you are reporting' }),
  targetId: uuidSchema('Choose what you are reporting', 'Choose what you are reporting'),
  reason: z.enum(MEMBER_REPORT_REASONS, { error: 'Choose a reason' }),
  details: plainText(
    z.string().trim().max(REPORT_DETAILS_MAX_LENGTH, `Details must be at most ${REPORT_DETAILS_MAX_LENGTH} characters`),
    'Details',
  )
    .optional()
    .default(''),
});
export type CreateReportInput = z.input<typeof createReportSchema>;
export type CreateReportOutput = z.output<typeof createReportSchema>;

export const resolveReportSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: 'Choose an action' }),
  reasons: plainText(
    z
      .string({ error: 'Write the reasons for your decision' })
      .trim()
      .min(1, 'Write the reasons for your decision')
      .max(MODERATION_REASONS_MAX_LENGTH, `Reasons must be at most ${MODERATION_REASONS_MAX_LENGTH} characters`),
    'Reasons',
  ),
});
export type ResolveReportInput = z.input<typeof resolveReportSchema>;

export const blockUserSchema = z.object({
  userId: uuidSchema('Choose who to block', 'Choose who to block'),
});

/** Reports one member may file per hour (counted in the database, so it holds across instances). */
export const REPORTS_PER_HOUR = 20;
export const MODERATION_PAGE_SIZE = 50;

export const REPORT_SELF_MESSAGE = 'You cannot report yourself';
export const REPORT_TARGET_NOT_FOUND = 'We could not find what you are reporting';
export const REPORTS_TOO_FAST = 'You have sent many reports in the last hour. Please try again later.';
export const REPORT_ALREADY_RESOLVED = 'This report has already been resolved';
export const HIDE_AUCTION_NEEDS_AUCTION = 'Only a report of an auction can hide an auction';
export const HIDE_REVIEW_NEEDS_REVIEW = 'Only a report of a review can hide a review';
export const OVERTURN_NEEDS_NO_SHOW = 'Only a no-show case can be overturned';
export const LIFT_NEEDS_SUSPENDED_HOST = 'This member is not suspended from hosting';
export const BLOCK_SELF_MESSAGE = 'You cannot block yourself';
export const BLOCKED_BID_MESSAGE = 'You cannot bid on this auction because one of you has blocked the other';
export const BLOCKED_MESSAGE_MESSAGE = 'You cannot message this member because one of you has blocked the other';
export const USER_NOT_FOUND_MESSAGE = 'Member not found';

/** GET /api/users/{id}: what any signed-in member may see of another. */
export const publicMemberSchema = z.object({
  id: z.string(),
  /** First name plus last initial, or 'Anonymous' (docs/product.md §2 creator card). */
  name: z.string(),
  firstName: z.string().nullable(),
  age: z.number().int().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  profileImageUrl: z.string().nullable(),
  /** The member's identity was verified by the partner (docs/trust-and-safety.md). */
  identityVerified: z.boolean(),
  /** What the member's past dates say (issue 35, docs/trust-and-safety.md "Reliability"). */
  reputation: reputationSchema,
  isTopHost: z.boolean(),
  /** The member's photos, main one first (the profile page is photo-first). */
  photos: z.array(z.string()),
  /** Their open auctions, ending soonest first (at most MEMBER_OPEN_AUCTIONS_LIMIT). */
  openAuctions: z.array(
    z.object({ id: z.string(), title: z.string(), dateType: z.string(), currentBid: z.string(), endTime: z.string() }),
  ),
  /** Whether the viewer has blocked this member. */
  isBlockedByMe: z.boolean(),
  isMe: z.boolean(),
});
export type PublicMember = z.infer<typeof publicMemberSchema>;

/** GET /api/users/{id}/presence: whether the member has a live socket (docs/realtime.md). */
export const presenceSchema = z.object({ online: z.boolean() });

/** How many open auctions a member's page lists. */
export const MEMBER_OPEN_AUCTIONS_LIMIT = 12;

/** Shown to a suspended member who tries to sign in (and by any route their old session reaches). */
export const ACCOUNT_SUSPENDED_MESSAGE =
  'Your account has been suspended for breaking our community rules. Contact support if you think this is a mistake.';

// ---------------------------------------------------------------------------------------------
// Retention and rights requests
// ---------------------------------------------------------------------------------------------

/** docs/product.md §1: inactive accounts are deleted after 12 months, with a warning this many days before. */
export const INACTIVE_ACCOUNT_MONTHS = 12;
export const INACTIVITY_WARNING_DAYS = 30;

/** How a deleted member is named wherever their auctions, bids and messages remain. */
export const DELETED_USER_NAME = 'Deleted user';
