import {
  IN_REVIEW_EXPLANATION,
  IN_REVIEW_LABEL,
  SCREENING_CATEGORY_EXPLANATIONS,
  type ReviewStatus,
  type ScreeningReason,
} from '@bid/contract';
import { Badge } from '@/components/ui/badge';

/** The "In review" badge alone (a row of the host's auctions). */
export function InReviewBadge({ status }: { status: ReviewStatus }) {
  if (status !== 'pending') return null;
  return (
    <Badge variant="secondary" data-testid="in-review">
      {IN_REVIEW_LABEL}
    </Badge>
  );
}

/**
 * What the owner of a listing the screening held sees (docs/trust-and-safety.md "Screening"):
 * "In review", why, and the words it was about. Nobody else can see a held listing.
 */
export function InReviewNotice({ review }: { review: { status: ReviewStatus; reasons: ScreeningReason[] } }) {
  if (review.status !== 'pending') return null;
  const categories = [...new Set(review.reasons.map((reason) => reason.category))];
  return (
    <div
      role="status"
      className="grid gap-1 rounded-md border border-black/20 bg-secondary/40 p-3 text-sm"
      data-testid="in-review-notice"
    >
      <p className="flex items-center gap-2 font-semibold">
        <InReviewBadge status={review.status} />
        {IN_REVIEW_EXPLANATION}
      </p>
      <ul className="list-disc pl-5">
        {categories.map((category) => (
          <li key={category}>
            {SCREENING_CATEGORY_EXPLANATIONS[category]}{' '}
            <span className="text-neutral-text/80">
              (
              {review.reasons
                .filter((reason) => reason.category === category)
                .map((reason) => `“${reason.excerpt}”`)
                .join(', ')}
              )
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
