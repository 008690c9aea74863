import { IN_REVIEW_EXPLANATION, IN_REVIEW_LABEL } from '@bid/contract';
import { useState } from 'react';
import { Photo } from '@/components/photos/Photo';
import { toast } from '@/components/ui/use-toast';
import { COVER_PICKER_TEXTS, CoverButtons } from '@/components/photos/CoverPicker';
import { onMutationError } from '@/lib/unauthorized';
import { useChangeAuctionCover } from '../api/manageAuction';

export const EDIT_COVER_TEXTS = {
  heading: 'Cover photo',
  savedAtOnce: 'A new or removed cover is saved at once.',
  updatedTitle: 'Cover Updated',
  updated: 'Your auction shows its new cover photo.',
  removedTitle: 'Cover Removed',
  removed: 'Your auction shows your main photo, or a drawing of its date type.',
  failedTitle: 'Cover Not Saved',
  failed: 'Failed to update the cover photo. Please try again.',
} as const;

/**
 * The edit dialog's cover control (docs/uploads.md "Photos"): set, replace or remove an auction's
 * cover through the same crop and upload as the create form; each change is saved at once, apart
 * from the text fields' "Save Changes".
 */
export function EditAuctionCover({ auctionId, coverImageUrl }: { auctionId: string; coverImageUrl: string | null }) {
  // The dialog's auction is the row it opened from; the cover shown follows each saved change.
  const [cover, setCover] = useState(coverImageUrl);
  // A new cover the photo screening held: shown here "In review", to nobody else, until approved.
  const [heldCover, setHeldCover] = useState<string | null>(null);
  const change = useChangeAuctionCover();

  const save = (image: Blob | null) =>
    change.mutate(
      { id: auctionId, image },
      {
        onSuccess: (answer) => {
          setCover(answer.coverImageUrl);
          setHeldCover(answer.heldCoverImageUrl);
          toast(
            image
              ? { title: EDIT_COVER_TEXTS.updatedTitle, description: EDIT_COVER_TEXTS.updated }
              : { title: EDIT_COVER_TEXTS.removedTitle, description: EDIT_COVER_TEXTS.removed },
          );
        },
        onError: (error) =>
          onMutationError(error, { title: EDIT_COVER_TEXTS.failedTitle, description: EDIT_COVER_TEXTS.failed }),
      },
    );

  return (
    <section className="grid gap-2" aria-labelledby={`${auctionId}-cover-heading`} data-testid="edit-auction-cover">
      <h3 id={`${auctionId}-cover-heading`} className="text-sm font-medium leading-none">
        {EDIT_COVER_TEXTS.heading}
      </h3>
      <p className="text-sm text-neutral-text/75">
        {cover ? EDIT_COVER_TEXTS.savedAtOnce : `${COVER_PICKER_TEXTS.hint} ${EDIT_COVER_TEXTS.savedAtOnce}`}
      </p>
      {cover && <CoverPreview url={cover} alt="Current cover photo" />}
      {heldCover && (
        <figure className="grid gap-1" data-testid="cover-in-review">
          <CoverPreview url={heldCover} alt="New cover photo in review" />
          <figcaption className="text-sm">
            <span className="font-semibold">{IN_REVIEW_LABEL}</span>: {IN_REVIEW_EXPLANATION}
          </figcaption>
        </figure>
      )}
      <CoverButtons
        hasCover={cover !== null}
        isPending={change.isPending}
        onCropped={save}
        onRemove={() => save(null)}
      />
    </section>
  );
}

/** The saved cover and the one in review are drawn alike: a 160 px square. */
function CoverPreview({ url, alt }: { url: string; alt: string }) {
  return (
    <Photo
      url={url}
      alt={alt}
      sizes="160px"
      width={160}
      height={160}
      className="aspect-square w-40 rounded-lg border border-black/10 object-cover"
    />
  );
}
