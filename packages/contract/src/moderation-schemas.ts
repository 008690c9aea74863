import { z } from 'zod';
import { PHOTO_CLASSES, PHOTO_REVIEW_KINDS, SCREENING_CATEGORIES } from './screening.js';
import { plainText } from './text.js';
import {
  MODERATION_ACTIONS,
  MODERATION_PAGE_SIZE,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
} from './trust.js';

/** GET /api/moderation/reports?status&limit&offset (docs/trust-and-safety.md, the moderation queue). */
export const moderationQueueQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: 'status must be open or resolved' }).optional().default('open'),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MODERATION_PAGE_SIZE}` })
    .int()
    .min(1)
    .max(MODERATION_PAGE_SIZE)
    .optional()
    .default(MODERATION_PAGE_SIZE),
  offset: z.coerce.number({ error: 'offset must be a whole number' }).int().min(0).optional().default(0),
});
export type ModerationQueueQuery = z.output<typeof moderationQueueQuerySchema>;

/** POST /api/moderation/bids/{id}/void {reason} (docs/auctions.md "Voiding bids"). */
export const voidBidSchema = z.object({
  reason: plainText(
    z
      .string({ error: 'Please give a reason' })
      .trim()
      .min(1, 'Please give a reason')
      .max(1000, 'The reason must be at most 1000 characters'),
    'Reason',
  ),
});
export type VoidBidInput = z.input<typeof voidBidSchema>;

/** POST /api/moderation/held/{auctions|bios}/{id}/decide (docs/trust-and-safety.md "Screening"). */
export const HELD_DECISIONS = ['approve', 'reject'] as const;
export const decideHeldItemSchema = z.object({
  decision: z.enum(HELD_DECISIONS, { error: 'decision must be approve or reject' }),
  reasons: plainText(
    z
      .string({ error: 'Please give a reason' })
      .trim()
      .min(1, 'Please give a reason')
      .max(1000, 'The reason must be at most 1000 characters'),
    'Reason',
  ),
});
export type DecideHeldItem = z.output<typeof decideHeldItemSchema>;

/** POST /api/reports answers the report (a repeat of an open report answers the same one). */
export const reportReceiptSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  dueAt: z.string(),
});
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

const namedMember = z.object({ id: z.string(), name: z.string() });

/** One row of GET /api/moderation/reports. */
export const moderationQueueItemSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  /** The auction's title, the message's text, or the member's name. */
  targetSummary: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  dueAt: z.string(),
  /** Minutes since the report was made. */
  ageMinutes: z.number(),
  isOverdue: z.boolean(),
  reporter: namedMember.nullable(),
  reportedUser: namedMember.extend({ isSuspended: z.boolean() }).nullable(),
  /** Reports against the same member made before this one. */
  earlierReportsAgainstMember: z.number(),
  resolution: z.object({ action: z.enum(MODERATION_ACTIONS), reasons: z.string(), resolvedAt: z.string() }).nullable(),
});
export type ModerationQueueItem = z.infer<typeof moderationQueueItemSchema>;

/** GET /api/blocks: the members the signed-in member has blocked (POST answers one of them). */
export const blockedMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

/** One thing the screening found: its category, the field it is in and the words that matched (as written). */
export const screeningReasonSchema = z.object({
  category: z.enum(SCREENING_CATEGORIES),
  field: z.string(),
  excerpt: z.string(),
});

/** One item of the moderators' queue of held text and photos (GET /api/moderation/held). */
export const heldItemSchema = z.object({
  kind: z.enum(['auction', 'bio', 'photo']),
  /** The auction's id, the member's for a bio, the image's for a photo. */
  id: z.string(),
  member: namedMember,
  /** The texts the screening read, by field, as written (none for a photo). */
  fields: z.record(z.string(), z.string()),
  reasons: z.array(screeningReasonSchema),
  heldAt: z.string(),
  /** A held photo: where it is used, its URL (moderators may open it), the model's scores, or why it could not be classified. */
  photo: z
    .object({
      kind: z.enum(PHOTO_REVIEW_KINDS),
      url: z.string(),
      auctionId: z.string().nullable(),
      scores: z.record(z.enum(PHOTO_CLASSES), z.number()).nullable(),
      failure: z.string().nullable(),
    })
    .optional(),
});
export type HeldItem = z.infer<typeof heldItemSchema>;

/** POST /api/moderation/held/{auctions|bios}/{id}/decide answers what became of the item. */
export const heldItemDecisionSchema = z.object({ id: z.string(), status: z.enum(['approved', 'rejected']) });

/** POST /api/moderation/bids/{id}/void: the auction as it now stands. */
export const voidBidResultSchema = z.object({
  auctionId: z.string(),
  voidedBidIds: z.array(z.string()),
  currentBid: z.string(),
  bidCount: z.number(),
});
export type VoidBidResult = z.infer<typeof voidBidResultSchema>;
