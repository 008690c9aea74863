import { z } from 'zod';
import { plainText } from './text.js';
import { MODERATION_PAGE_SIZE, REPORT_STATUSES } from './trust.js';

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
