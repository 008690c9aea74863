import { ImagePlus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ProfilePictureDialog } from '@/features/profile/components/ProfilePictureDialog';

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
  const [isCropping, setIsCropping] = useState(false);
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
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => setIsCropping(true)}>
          <ImagePlus aria-hidden="true" />
          {value ? COVER_PICKER_TEXTS.change : COVER_PICKER_TEXTS.add}
        </Button>
        {value && (
          <Button type="button" variant="ghost" onClick={() => onChange(null)}>
            <X aria-hidden="true" />
            {COVER_PICKER_TEXTS.remove}
          </Button>
        )}
      </div>
      <ProfilePictureDialog
        open={isCropping}
        onOpenChange={setIsCropping}
        onCropped={onChange}
        texts={{ title: COVER_PICKER_TEXTS.cropTitle, save: COVER_PICKER_TEXTS.cropSave }}
      />
    </div>
  );
}
