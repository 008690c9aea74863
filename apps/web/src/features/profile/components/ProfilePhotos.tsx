import { IN_REVIEW_EXPLANATION, IN_REVIEW_LABEL, PROFILE_PHOTOS_MAX } from '@bid/contract';
import { ArrowLeft, ArrowRight, ImagePlus, Loader2, type LucideIcon, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Photo } from '@/components/photos/Photo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  useAddProfilePhoto,
  useDeleteProfilePhoto,
  useProfilePhotos,
  useReorderProfilePhotos,
} from '../api/profilePhotos';
import { ProfilePictureDialog } from '@/components/photos/ProfilePictureDialog';

const moved = <T,>(items: readonly T[], from: number, to: number): T[] => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/**
 * Up to PROFILE_PHOTOS_MAX photos (docs/uploads.md): each cropped like the profile picture,
 * moved left or right, or deleted; the first is the main one, shown everywhere as the picture.
 */
export function ProfilePhotos() {
  const photos = useProfilePhotos();
  const add = useAddProfilePhoto();
  const reorder = useReorderProfilePhotos();
  const remove = useDeleteProfilePhoto();
  const [isCropping, setIsCropping] = useState(false);
  const list = photos.data ?? [];
  const isBusy = add.isPending || reorder.isPending || remove.isPending;
  const move = (from: number, to: number) => reorder.mutate(moved(list, from, to).map((photo) => photo.id));

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <CardTitle level={2} className="text-xl">
          Photos
        </CardTitle>
        <Button
          type="button"
          variant="outline"
          onClick={() => setIsCropping(true)}
          disabled={isBusy || list.length >= PROFILE_PHOTOS_MAX}
          aria-busy={add.isPending}
        >
          {add.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <ImagePlus aria-hidden="true" />}
          Add photo
        </Button>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-sm text-neutral-text/75">
          Up to {PROFILE_PHOTOS_MAX} photos. The first is your main photo, shown on your auctions.
        </p>
        {list.length === 0 ? (
          <p className="text-neutral-text/75">No photos yet.</p>
        ) : (
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Your photos" data-testid="profile-photos">
            {list.map((photo, index) => (
              <li
                key={photo.id}
                className="relative overflow-hidden rounded-lg border border-black/10"
                data-photo-id={photo.id}
              >
                <Photo
                  url={photo.url}
                  alt={index === 0 ? 'Your main photo' : `Your photo ${index + 1}`}
                  sizes="(min-width: 640px) 200px, 45vw"
                  width={640}
                  height={640}
                  className="aspect-square w-full object-cover"
                />
                {photo.inReview && (
                  // Held by the photo screening: only its owner sees it until a moderator approves.
                  <span
                    className="absolute right-2 top-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                    title={IN_REVIEW_EXPLANATION}
                    data-testid="photo-in-review"
                  >
                    {IN_REVIEW_LABEL}
                  </span>
                )}
                {index === 0 && (
                  <span className="absolute left-2 top-2 inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-white">
                    <Star aria-hidden="true" className="size-3" /> Main
                  </span>
                )}
                <div className="flex justify-between gap-1 bg-white/90 p-1">
                  <PhotoAction
                    label={`Move photo ${index + 1} earlier`}
                    icon={ArrowLeft}
                    disabled={isBusy || index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <PhotoAction
                    label={`Delete photo ${index + 1}`}
                    icon={Trash2}
                    disabled={isBusy}
                    onClick={() => remove.mutate(photo.id)}
                  />
                  <PhotoAction
                    label={`Move photo ${index + 1} later`}
                    icon={ArrowRight}
                    disabled={isBusy || index === list.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
      <ProfilePictureDialog open={isCropping} onOpenChange={setIsCropping} onCropped={(image) => add.mutate(image)} />
    </Card>
  );
}

/** One of a photo's icon buttons (earlier, delete, later): its name says which photo it acts on. */
function PhotoAction({
  label,
  icon: Icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button type="button" size="icon" variant="ghost" aria-label={label} disabled={disabled} onClick={onClick}>
      <Icon aria-hidden="true" />
    </Button>
  );
}
