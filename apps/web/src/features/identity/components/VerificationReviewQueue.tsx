import { ID_DOCUMENT_TYPE_LABELS, type VerificationReviewItem } from '@bid/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { onMutationError } from '@/lib/unauthorized';
import { useDecideVerification, useVerificationQueue } from '../api/verificationReviews';

const KIND_LABELS = { document_front: 'Document front', document_back: 'Document back', selfie: 'Selfie' } as const;

function ReviewItem({ item }: { item: VerificationReviewItem }) {
  const [notes, setNotes] = useState('');
  const decide = useDecideVerification();
  const notesId = `review-notes-${item.userId}`;
  const submit = (decision: 'verified' | 'failed') =>
    decide.mutate(
      { userId: item.userId, decision, notes },
      {
        onSuccess: () =>
          toast({
            title: decision === 'verified' ? 'Identity Verified' : 'Verification Failed',
            description: `${item.displayName}: decision saved.`,
          }),
        onError: (error) =>
          onMutationError(error, { title: 'Decision Failed', description: 'Failed to save the decision' }),
      },
    );
  return (
    <li>
      <Card className="space-y-3 p-4" aria-label={`Verification of ${item.displayName}`}>
        <p className="font-semibold">
          {item.displayName}
          {item.documentType && (
            <span className="ml-2 text-sm font-normal text-neutral-text/75">
              {ID_DOCUMENT_TYPE_LABELS[item.documentType]}
            </span>
          )}
        </p>
        <ul className="flex flex-wrap gap-3">
          {item.documents.map((doc) => (
            <li key={doc.id}>
              <a href={doc.url} target="_blank" rel="noreferrer" className="text-sm text-primary underline">
                {KIND_LABELS[doc.kind]}
              </a>
            </li>
          ))}
        </ul>
        <TextAreaField
          label="Reviewer notes"
          id={notesId}
          className="gap-1"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          maxLength={1000}
        />
        <div className="flex gap-2">
          <Button type="button" disabled={decide.isPending || !notes.trim()} onClick={() => submit('verified')}>
            Approve
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={decide.isPending || !notes.trim()}
            onClick={() => submit('failed')}
          >
            Reject
          </Button>
        </div>
      </Card>
    </li>
  );
}

/** The moderators' queue of identity verifications waiting for a decision (docs/trust-and-safety.md). */
export function VerificationReviewQueue() {
  const queue = useVerificationQueue();
  if (queue.isLoading) return <p>Loading verifications…</p>;
  if (queue.isError) return <p role="alert">Failed to load verifications</p>;
  const items = queue.data ?? [];
  return (
    <section aria-labelledby="verification-queue-title" className="space-y-3">
      <h2 id="verification-queue-title" className="text-xl font-semibold">
        Identity verifications ({items.length})
      </h2>
      {items.length === 0 ? (
        <p className="text-neutral-text/75">No verifications waiting for review.</p>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
            <ReviewItem key={item.userId} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
