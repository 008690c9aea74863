import { highlightExcerpts, type HeldItem, SCREENING_CATEGORY_EXPLANATIONS } from '@bid/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { mutationErrorText } from '@/lib/unauthorized';
import { useDecideHeldItem, useHeldItems } from '../api/heldItems';

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  paymentNotes: 'Payment notes',
  location: 'Location',
  bio: 'Bio',
};

const KIND_LABELS: Record<HeldItem['kind'], string> = { auction: 'Listing', bio: 'Bio', photo: 'Photo' };
const PHOTO_KIND_LABELS = { profile_photo: 'Profile photo', auction_cover: 'Auction cover' } as const;

/** A held photo as moderators see it: the picture, where it is used, the model's scores or why it could not be classified. */
function HeldPhoto({ photo }: { photo: NonNullable<HeldItem['photo']> }) {
  return (
    <div className="grid gap-2 sm:grid-cols-[160px_1fr]">
      <img
        src={photo.url.replace('-1280.jpg', '-320.jpg')}
        alt="The held photo"
        width={160}
        height={160}
        className="aspect-square w-40 rounded object-cover"
      />
      <div className="text-sm">
        <p className="font-medium">{PHOTO_KIND_LABELS[photo.kind]}</p>
        {photo.scores ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3" aria-label="Image model scores">
            {Object.entries(photo.scores).map(([name, score]) => (
              <div key={name} className="contents">
                <dt>{name}</dt>
                <dd>{score.toFixed(2)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p role="note">Not classified: {photo.failure}</p>
        )}
      </div>
    </div>
  );
}

/**
 * What the screening held for a person's decision (docs/trust-and-safety.md "Screening"): each
 * listing or bio with its texts, the matched words highlighted, the reasons, and approve or reject.
 */
export function HeldItemQueue() {
  const { data, isLoading, isError } = useHeldItems();
  const items = data ?? [];
  return (
    <section aria-labelledby="held-items-title" className="space-y-3">
      <h2 id="held-items-title" className="text-xl font-semibold">
        Held by screening
      </h2>
      <p className="text-sm text-neutral-text/80">
        Listings, bios and photos the screening held. Nobody but their owner sees them until you approve.
      </p>
      {isLoading ? (
        <p>Loading held items...</p>
      ) : isError ? (
        <p role="alert">Failed to load held items.</p>
      ) : items.length === 0 ? (
        <p>Nothing held.</p>
      ) : (
        <ul className="space-y-3" aria-label="Held items">
          {items.map((item) => (
            <HeldItemRow key={`${item.kind}-${item.id}`} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HeldItemRow({ item }: { item: HeldItem }) {
  const decide = useDecideHeldItem();
  const [reasons, setReasons] = useState('');
  const [error, setError] = useState('');
  const categories = [...new Set(item.reasons.map((reason) => reason.category))];

  const submit = (decision: 'approve' | 'reject') => {
    if (!reasons.trim()) return setError('Please give a reason');
    setError('');
    decide.mutate(
      { kind: item.kind, id: item.id, decision, reasons },
      {
        onSuccess: () =>
          toast({ title: decision === 'approve' ? 'Approved' : 'Rejected', description: item.member.name }),
        onError: (err) => setError(mutationErrorText(err, 'Failed to save the decision') ?? ''),
      },
    );
  };

  return (
    <li className="grid gap-2 rounded-md border border-black/10 p-4" data-testid="held-item">
      <p className="text-sm font-semibold">
        {KIND_LABELS[item.kind]} by {item.member.name}
      </p>
      {item.photo && <HeldPhoto photo={item.photo} />}
      <dl className="grid gap-1 text-sm">
        {Object.entries(item.fields).map(([field, text]) => (
          <div key={field}>
            <dt className="font-medium">{FIELD_LABELS[field] ?? field}</dt>
            <dd className="wrap-anywhere">
              {highlightExcerpts(
                text,
                item.reasons.filter((reason) => reason.field === field).map((reason) => reason.excerpt),
              ).map((piece, index) =>
                piece.isMatch ? (
                  <mark key={index} className="rounded bg-yellow-200 px-0.5">
                    {piece.text}
                  </mark>
                ) : (
                  <span key={index}>{piece.text}</span>
                ),
              )}
            </dd>
          </div>
        ))}
      </dl>
      <ul className="list-disc pl-5 text-sm text-neutral-text/80">
        {categories.map((category) => (
          <li key={category}>
            {category}: {SCREENING_CATEGORY_EXPLANATIONS[category]}
          </li>
        ))}
      </ul>
      <TextAreaField
        label="Reasons (the member reads them)"
        value={reasons}
        onChange={(event) => setReasons(event.target.value)}
        error={error || undefined}
        errorRole="alert"
        rows={2}
        maxLength={1000}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={decide.isPending} onClick={() => submit('approve')}>
          Approve
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={decide.isPending} onClick={() => submit('reject')}>
          Reject
        </Button>
      </div>
    </li>
  );
}
