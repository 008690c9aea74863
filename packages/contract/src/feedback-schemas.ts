import { z } from 'zod';
import {
  FEEDBACK_MESSAGES,
  MET_ANSWERS,
  RATING_MAX,
  RATING_MIN,
  RESPONSE_MAX_LENGTH,
  REVIEW_MAX_LENGTH,
  REVIEW_MIN_LENGTH,
} from './feedback.js';
import { plainText } from './text.js';

// The feedback API's request schemas, apart from feedback.ts's rules and copy: a page that shows a
// member's reputation (every auction card does) imports those, and with the schemas beside them
// it loaded zod as well, about 25 KB of gzipped JavaScript on the signed-in home page
// (docs/performance.md, "web-initial-js").

const booleanField = (message: string) => z.boolean({ error: message });

/** POST /api/auctions/{id}/feedback. */
export const submitFeedbackSchema = z
  .strictObject({
    met: z.enum(MET_ANSWERS, { error: FEEDBACK_MESSAGES.metRequired }),
    feltSafe: booleanField(FEEDBACK_MESSAGES.feltSafeRequired),
    again: booleanField(FEEDBACK_MESSAGES.againRequired),
    rating: z
      .number({ error: FEEDBACK_MESSAGES.ratingInvalid })
      .int(FEEDBACK_MESSAGES.ratingInvalid)
      .min(RATING_MIN, FEEDBACK_MESSAGES.ratingInvalid)
      .max(RATING_MAX, FEEDBACK_MESSAGES.ratingInvalid)
      .optional(),
    review: plainText(
      z
        .string({ error: FEEDBACK_MESSAGES.reviewTooShort })
        .trim()
        .min(REVIEW_MIN_LENGTH, FEEDBACK_MESSAGES.reviewTooShort)
        .max(REVIEW_MAX_LENGTH, FEEDBACK_MESSAGES.reviewTooLong),
      'Review',
    ).optional(),
  })
  .refine((v) => v.review === undefined || v.rating !== undefined, {
    message: FEEDBACK_MESSAGES.reviewNeedsRating,
    path: ['rating'],
  });
export type SubmitFeedbackInput = z.input<typeof submitFeedbackSchema>;

/** POST /api/auctions/{id}/feedback/response. */
export const feedbackResponseSchema = z.strictObject({
  text: plainText(
    z
      .string({ error: FEEDBACK_MESSAGES.responseRequired })
      .trim()
      .min(1, FEEDBACK_MESSAGES.responseRequired)
      .max(RESPONSE_MAX_LENGTH, FEEDBACK_MESSAGES.responseTooLong),
    'Response',
  ),
});

/** GET /api/users/{id}/reviews?page. */
export const reviewsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(10_000, 'page must be a whole number from 1')
    .optional()
    .default(1),
});

const responseToReviewSchema = z.object({ text: z.string(), respondedAt: z.string() });

/** A public review as both people and the profile show it. */
export const publicReviewSchema = z.object({
  id: z.string(),
  auctionId: z.string(),
  author: z.object({ id: z.string().nullable(), name: z.string(), profileImageUrl: z.string().nullable() }),
  rating: z.number().nullable(),
  review: z.string().nullable(),
  submittedAt: z.string(),
  response: responseToReviewSchema.nullable(),
});

/** GET /api/auctions/{id}/feedback: never the other person's private answers. */
export const feedbackStateSchema = z.object({
  /** When the window opened (the date was over); null while the date is not over. */
  opensAt: z.string().nullable(),
  /** The window's end; null while the date is not over. */
  closesAt: z.string().nullable(),
  isOpen: z.boolean(),
  isRevealed: z.boolean(),
  mine: z
    .object({
      met: z.enum(MET_ANSWERS).nullable(),
      feltSafe: z.boolean().nullable(),
      again: z.boolean().nullable(),
      rating: z.number().nullable(),
      review: z.string().nullable(),
      submittedAt: z.string(),
      /** The other person's response to my review, once revealed. */
      response: responseToReviewSchema.nullable(),
    })
    .nullable(),
  otherHasSubmitted: z.boolean(),
  /** What the other person wrote publicly about me, once revealed (null before, or if they wrote nothing). */
  theirs: publicReviewSchema.nullable(),
  /** Whether I may still post my one public response to `theirs`. */
  canRespond: z.boolean(),
});

/** GET /api/users/{id}/reviews. */
export const reviewsPageSchema = z.object({ items: z.array(publicReviewSchema), hasMore: z.boolean() });
