import {
  FEEDBACK_COPY,
  MET_ANSWERS,
  RATING_MAX,
  RESPONSE_MAX_LENGTH,
  REVIEW_MAX_LENGTH,
  type FeedbackState,
  type MetAnswer,
  type SubmitFeedbackInput,
} from '@bid/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, FormFieldset, TextAreaField } from '@/components/ui/form-field';
import { apiErrorBody } from '@/lib/api';
import { useFeedback, useRespondToReview, useSubmitFeedback } from '../api/feedback';
import { ReviewItem } from './ReviewItem';

const errorText = (error: unknown) => apiErrorBody(error)?.message ?? 'Something went wrong. Please try again.';

const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/**
 * "How did it go?" on the date's page once the date is over (docs/the-date.md "Feedback after
 * the date"): three private questions, an optional public review, once and never edited; then
 * the other person's review once revealed, and my one public response to it.
 */
export function FeedbackCard({ auctionId, otherName }: { auctionId: string; otherName: string }) {
  const { data: state, isLoading } = useFeedback(auctionId);
  if (isLoading || !state || !state.closesAt) return null;
  return (
    <Card className="grid gap-4 p-6" aria-labelledby="feedback-heading" data-testid="feedback-card">
      <h2 id="feedback-heading" className="text-xl font-semibold">
        {FEEDBACK_COPY.heading}
      </h2>
      {state.mine ? (
        <Submitted state={state} auctionId={auctionId} otherName={otherName} />
      ) : state.isOpen ? (
        <FeedbackForm auctionId={auctionId} closesAt={state.closesAt} />
      ) : (
        <p>{FEEDBACK_COPY.closedNotice}</p>
      )}
    </Card>
  );
}

type Errors = Partial<Record<'met' | 'feltSafe' | 'again' | 'rating' | 'review' | 'form', string>>;

function FeedbackForm({ auctionId, closesAt }: { auctionId: string; closesAt: string }) {
  const submit = useSubmitFeedback(auctionId);
  const [met, setMet] = useState<MetAnswer | null>(null);
  const [feltSafe, setFeltSafe] = useState<boolean | null>(null);
  const [again, setAgain] = useState<boolean | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [review, setReview] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const name = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input: Partial<SubmitFeedbackInput> = {
      ...(met ? { met } : {}),
      ...(feltSafe !== null ? { feltSafe } : {}),
      ...(again !== null ? { again } : {}),
      ...(rating !== null ? { rating } : {}),
      ...(review.trim() ? { review: review.trim() } : {}),
    };
    setErrors({});
    submit.mutate(input as SubmitFeedbackInput, {
      onError: (error) => {
        const body = apiErrorBody(error);
        const field = body?.field as keyof Errors | undefined;
        setErrors(field && field !== 'form' ? { [field]: body?.message } : { form: errorText(error) });
      },
    });
  }

  const yesNo = (key: 'feltSafe' | 'again', value: boolean | null, set: (v: boolean) => void) =>
    ([true, false] as const).map((option) => (
      <label key={String(option)} className="inline-flex items-center gap-2">
        <input
          type="radio"
          name={`${name}-${key}`}
          checked={value === option}
          onChange={() => set(option)}
          className="size-4 accent-primary"
        />
        {option ? FEEDBACK_COPY.yes : FEEDBACK_COPY.no}
      </label>
    ));

  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate>
      <p className="text-sm text-neutral-text/80">
        {FEEDBACK_COPY.intro} {FEEDBACK_COPY.windowEnds} {formatWhen(closesAt)}.
      </p>
      <FormFieldset legend={FEEDBACK_COPY.metQuestion} error={errors.met}>
        {MET_ANSWERS.map((answer) => (
          <label key={answer} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={`${name}-met`}
              checked={met === answer}
              onChange={() => setMet(answer)}
              className="size-4 accent-primary"
            />
            {FEEDBACK_COPY.metLabels[answer]}
          </label>
        ))}
      </FormFieldset>
      <FormFieldset legend={FEEDBACK_COPY.feltSafeQuestion} error={errors.feltSafe}>
        <div className="flex gap-6">{yesNo('feltSafe', feltSafe, setFeltSafe)}</div>
      </FormFieldset>
      <FormFieldset legend={FEEDBACK_COPY.againQuestion} error={errors.again}>
        <div className="flex gap-6">{yesNo('again', again, setAgain)}</div>
      </FormFieldset>

      <div className="grid gap-3 border-t border-black/10 pt-4">
        <h3 className="font-semibold">{FEEDBACK_COPY.publicHeading}</h3>
        <p className="text-sm text-neutral-text/80">{FEEDBACK_COPY.publicHint}</p>
        <FormFieldset legend={FEEDBACK_COPY.ratingLabel} error={errors.rating}>
          <div className="flex flex-wrap gap-2">
            {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((stars) => (
              <label
                key={stars}
                className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md border border-black/15 px-3 has-[:checked]:border-primary has-[:checked]:bg-secondary/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
              >
                <input
                  type="radio"
                  name={`${name}-rating`}
                  checked={rating === stars}
                  onChange={() => setRating(stars)}
                  className="sr-only"
                  aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}`}
                />
                <span aria-hidden="true">{'★'.repeat(stars)}</span>
              </label>
            ))}
          </div>
        </FormFieldset>
        <TextAreaField
          label={FEEDBACK_COPY.reviewLabel}
          error={errors.review}
          value={review}
          maxLength={REVIEW_MAX_LENGTH}
          rows={4}
          onChange={(e) => setReview(e.target.value)}
          description={`${review.trim().length}/${REVIEW_MAX_LENGTH}`}
          descriptionLive="polite"
        />
      </div>
      <FormError role="alert">{errors.form}</FormError>
      <div>
        <Button type="submit" disabled={submit.isPending}>
          {FEEDBACK_COPY.submit}
        </Button>
      </div>
    </form>
  );
}

function Submitted({ state, auctionId, otherName }: { state: FeedbackState; auctionId: string; otherName: string }) {
  const mine = state.mine!;
  return (
    <div className="grid gap-4">
      <p role="status">{FEEDBACK_COPY.submitted}</p>
      {mine.rating !== null && (
        <div>
          <h3 className="font-semibold">{FEEDBACK_COPY.yourReview}</h3>
          <p aria-label={`${mine.rating} out of ${RATING_MAX} stars`}>{'★'.repeat(mine.rating)}</p>
          {mine.review && <p className="whitespace-pre-line">{mine.review}</p>}
          {mine.response && (
            <p className="mt-2 border-l-2 border-primary/40 pl-3 text-sm">
              {otherName}: {mine.response.text}
            </p>
          )}
        </div>
      )}
      {state.theirs ? (
        <div className="grid gap-2">
          <h3 className="font-semibold">{FEEDBACK_COPY.theirReview}</h3>
          <ReviewItem review={state.theirs} subjectName="You" />
          {state.canRespond && <ResponseForm auctionId={auctionId} />}
        </div>
      ) : !state.isRevealed ? (
        <p className="text-sm text-neutral-text/80">{FEEDBACK_COPY.waiting}</p>
      ) : null}
    </div>
  );
}

function ResponseForm({ auctionId }: { auctionId: string }) {
  const respond = useRespondToReview(auctionId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        respond.mutate({ text: text.trim() }, { onError: (err) => setError(errorText(err)) });
      }}
    >
      <TextAreaField
        label={FEEDBACK_COPY.responseLabel}
        value={text}
        maxLength={RESPONSE_MAX_LENGTH}
        rows={3}
        error={error}
        onChange={(e) => setText(e.target.value)}
      />
      <div>
        <Button type="submit" variant="outline" disabled={respond.isPending}>
          {FEEDBACK_COPY.respond}
        </Button>
      </div>
    </form>
  );
}
