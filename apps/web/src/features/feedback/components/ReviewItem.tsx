import { RATING_MAX, REPUTATION_COPY, type PublicReview } from '@bid/contract';
import { Avatar } from '@/components/Avatar';

const formatDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });

/** One shown review with its response (docs/the-date.md "Feedback after the date"). */
export function ReviewItem({
  review,
  subjectName,
  actions,
}: {
  review: PublicReview;
  /** Who the response is from (the reviewed member). */
  subjectName: string;
  actions?: React.ReactNode;
}) {
  return (
    <article className="grid gap-2 rounded-lg border border-black/10 bg-white p-4" data-testid="review">
      <header className="flex min-w-0 items-center gap-3">
        <Avatar src={review.author.profileImageUrl} name={review.author.name} className="size-10 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{review.author.name}</p>
          <p className="text-sm text-neutral-text/80">{formatDay(review.submittedAt)}</p>
        </div>
        {review.rating !== null && (
          <p className="shrink-0 text-amber-700" aria-label={`${review.rating} out of ${RATING_MAX} stars`}>
            {'★'.repeat(review.rating)}
          </p>
        )}
      </header>
      {review.review && <p className="whitespace-pre-line break-words">{review.review}</p>}
      {review.response && (
        <div className="border-l-2 border-primary/40 pl-3 text-sm">
          <p className="font-semibold">
            {REPUTATION_COPY.responseFrom} {subjectName}
          </p>
          <p className="whitespace-pre-line break-words">{review.response.text}</p>
        </div>
      )}
      {actions}
    </article>
  );
}
