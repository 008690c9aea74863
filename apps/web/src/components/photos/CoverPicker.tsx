import { ImagePlus, Loader2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ProfilePictureDialog } from '@/components/photos/ProfilePictureDialog';

export const COVER_PICKER_TEXTS = {
  heading: 'Cover photo (optional)',
  hint: 'Without one, your auction shows your main photo, or a drawing of its date type.',
  add: 'Add cover photo',
  change: 'Change cover photo',
  remove: 'Remove cover photo',
  cropTitle: 'Crop Cover Photo',
  cropSave: 'Use as Cover',
} as const;

/** Picks and crops an auction's cover with the profile picture's crop UI; the caller uploads it. */
export function CoverPicker({ value, onChange }: { value: Blob | null; onChange: (image: Blob | null) => void }) {
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium leading-none">{COVER_PICKER_TEXTS.heading}</span>
      <p className="text-sm text-neutral-text/75">{COVER_PICKER_TEXTS.hint}</p>
      {preview && (
        <img
          src={preview}
          alt="Chosen cover photo"
          width={320}
          height={320}
          className="aspect-square w-40 rounded-lg border border-black/10 object-cover"
          data-testid="cover-preview"
        />
      )}
      <CoverButtons hasCover={value !== null} onCropped={onChange} onRemove={() => onChange(null)} />
    </div>
  );
}

/**
 * Add or change (through the crop dialog) and remove: the buttons of both cover controls, the
 * create form's (kept until the form is sent) and the edit dialog's (saved at once, `isPending`).
 */
export function CoverButtons({
  hasCover,
  isPending = false,
  onCropped,
  onRemove,
}: {
  hasCover: boolean;
  isPending?: boolean;
  onCropped: (image: Blob) => void;
  onRemove: () => void;
}) {
  const [isCropping, setIsCropping] = useState(false);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={isPending}
          aria-busy={isPending}
          onClick={() => setIsCropping(true)}
        >
          {isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <ImagePlus aria-hidden="true" />}
          {hasCover ? COVER_PICKER_TEXTS.change : COVER_PICKER_TEXTS.add}
        </Button>
        {hasCover && (
          <Button type="button" variant="ghost" disabled={isPending} onClick={onRemove}>
            <X aria-hidden="true" />
            {COVER_PICKER_TEXTS.remove}
          </Button>
        )}
      </div>
      <ProfilePictureDialog
        open={isCropping}
        onOpenChange={setIsCropping}
        onCropped={onCropped}
        texts={{ title: COVER_PICKER_TEXTS.cropTitle, save: COVER_PICKER_TEXTS.cropSave }}
      />
    </>
  );
}
