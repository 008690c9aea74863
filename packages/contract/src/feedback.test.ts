import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_REPUTATION,
  FEEDBACK_WINDOW_DAYS,
  feedbackClosesAt,
  formatReputation,
  isFeedbackRevealed,
  isFeedbackWindowOpen,
  isTopHost,
  reputationOf,
  FEEDBACK_MESSAGES,
} from './feedback.js';
import { submitFeedbackSchema } from './feedback-schemas.js';

const DAY = 24 * 60 * 60 * 1000;

describe('the reveal rule (docs/the-date.md "Feedback after the date")', () => {
  it('reveals exactly when both have submitted or the window has closed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        fc.integer({ min: -30 * DAY, max: 30 * DAY }),
        (submittedCount, overAt, offset) => {
          const closesAt = feedbackClosesAt(overAt);
          const now = closesAt.getTime() + offset;
          const revealed = isFeedbackRevealed({ submittedCount, closesAt, now });
          expect(revealed).toBe(submittedCount === 2 || offset >= 0);
          // Once revealed, it stays revealed: later instants and more submissions never hide it.
          if (revealed) {
            expect(isFeedbackRevealed({ submittedCount, closesAt, now: now + DAY })).toBe(true);
            expect(isFeedbackRevealed({ submittedCount: 2, closesAt, now })).toBe(true);
          }
          // While one of two is missing and the window is open, nothing shows.
          if (submittedCount < 2 && isFeedbackWindowOpen(closesAt, now)) expect(revealed).toBe(false);
        },
      ),
    );
  });

  it('closes the window exactly FEEDBACK_WINDOW_DAYS after the date is over', () => {
    const overAt = new Date('2031-10-01T12:00:00.000Z');
    const closesAt = feedbackClosesAt(overAt);
    expect(closesAt.getTime() - overAt.getTime()).toBe(FEEDBACK_WINDOW_DAYS * DAY);
    expect(isFeedbackWindowOpen(closesAt, closesAt.getTime() - 1)).toBe(true);
    expect(isFeedbackWindowOpen(closesAt, closesAt)).toBe(false);
  });
});

describe('reputation', () => {
  it('hides the rate below 3 dates and the average below 3 reviews', () => {
    expect(reputationOf({ datesCompleted: 2, noShows: 1, reviewCount: 2, ratingSum: 3 })).toEqual({
      datesCompleted: 2,
      showUpRate: null,
      reviewCount: 2,
      averageRating: null,
    });
    expect(reputationOf({ datesCompleted: 4, noShows: 1, reviewCount: 3, ratingSum: 14 })).toEqual({
      datesCompleted: 4,
      showUpRate: 0.75,
      reviewCount: 3,
      averageRating: 4.7,
    });
  });

  it('says it in words', () => {
    expect(formatReputation(EMPTY_REPUTATION)).toBe('New host');
    expect(formatReputation({ datesCompleted: 12, showUpRate: 1, reviewCount: 9, averageRating: 4.8 })).toBe(
      '12 dates · always showed up · ★ 4.8 (9)',
    );
    expect(formatReputation({ datesCompleted: 1, showUpRate: null, reviewCount: 1, averageRating: null })).toBe(
      '1 date',
    );
    expect(formatReputation({ datesCompleted: 10, showUpRate: 0.9, reviewCount: 0, averageRating: null })).toBe(
      '10 dates · showed up 90% of the time',
    );
  });

  it('names a Top host at 5 dates, 95% and 4.7', () => {
    expect(isTopHost({ datesCompleted: 5, showUpRate: 0.95, reviewCount: 3, averageRating: 4.7 })).toBe(true);
    expect(isTopHost({ datesCompleted: 4, showUpRate: 1, reviewCount: 3, averageRating: 5 })).toBe(false);
    expect(isTopHost({ datesCompleted: 20, showUpRate: 0.94, reviewCount: 9, averageRating: 5 })).toBe(false);
    expect(isTopHost({ datesCompleted: 20, showUpRate: 1, reviewCount: 9, averageRating: 4.6 })).toBe(false);
    expect(isTopHost({ datesCompleted: 20, showUpRate: 1, reviewCount: 2, averageRating: null })).toBe(false);
  });
});

describe('the feedback form', () => {
  it('names the field of a bad answer', () => {
    const result = submitFeedbackSchema.safeParse({
      met: 'yes',
      feltSafe: true,
      again: true,
      rating: 5,
      review: 'short',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['review'], message: FEEDBACK_MESSAGES.reviewTooShort });
    const noRating = submitFeedbackSchema.safeParse({
      met: 'yes',
      feltSafe: true,
      again: true,
      review: 'A lovely coffee, on time and kind.',
    });
    expect(noRating.error?.issues[0]).toMatchObject({ path: ['rating'] });
  });
});
