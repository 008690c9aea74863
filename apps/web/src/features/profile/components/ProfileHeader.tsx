import { Camera, Loader2, MapPin, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import type { CurrentUser } from '@/lib/useAuth';
import { VerifiedBadge } from '@/components/VerifiedBadge';
import { useUploadProfileImage } from '../api/uploadProfileImage';
import { fullNameOf, initialsOf } from '../format';
import { ProfilePictureDialog } from '@/components/photos/ProfilePictureDialog';

/** docs/product.md §2 "Profile page": avatar, name, age, place, bio, interests and the two actions. */
export function ProfileHeader({ user, onEdit }: { user: CurrentUser; onEdit: () => void }) {
  const [isPictureOpen, setIsPictureOpen] = useState(false);
  const uploadImage = useUploadProfileImage();
  const name = fullNameOf(user) || 'Anonymous User';
  const place = [user.location, [user.country, user.zipCode].filter(Boolean).join(' ')]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');

  return (
    <Card>
      <CardContent className="flex flex-col gap-6 p-6 sm:flex-row sm:items-start">
        <div className="relative mx-auto shrink-0 sm:mx-0">
          {user.profileImageUrl ? (
            <img
              src={user.profileImageUrl}
              alt={`${name}'s profile picture`}
              className="size-28 rounded-full object-cover ring-4 ring-secondary"
            />
          ) : (
            <span
              role="img"
              aria-label={`${name}'s initials`}
              className="flex size-28 items-center justify-center rounded-full bg-primary text-3xl font-bold text-white ring-4 ring-secondary"
            >
              {initialsOf(user)}
            </span>
          )}
          <Button
            type="button"
            size="icon"
            variant="secondary"
            className="absolute -bottom-1 -right-1 size-9 rounded-full shadow"
            onClick={() => setIsPictureOpen(true)}
            disabled={uploadImage.isPending}
            aria-busy={uploadImage.isPending}
            title="Upload photo"
            aria-label="Upload photo"
          >
            {uploadImage.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Camera aria-hidden="true" />
            )}
          </Button>
        </div>

        <div className="flex-1 space-y-3 text-center sm:text-left">
          <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <h1 className="text-3xl font-bold" data-testid="profile-name">
                {name}
                {user.identityVerificationStatus === 'verified' && <VerifiedBadge className="ml-2" withLabel />}
              </h1>
              <p className="mt-1 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-sm text-neutral-text/80 sm:justify-start">
                {user.age != null && <span>{user.age} years old</span>}
                {place && (
                  <span className="inline-flex items-center gap-1">
                    <MapPin aria-hidden="true" className="size-4" />
                    {place}
                  </span>
                )}
              </p>
            </div>
            <Button type="button" variant="outline" onClick={onEdit}>
              <Pencil aria-hidden="true" /> Edit Profile
            </Button>
          </div>
          {user.bio ? (
            <p className="whitespace-pre-line text-neutral-text">{user.bio}</p>
          ) : (
            <p className="text-neutral-text/75">No bio yet.</p>
          )}
          {user.interests.length > 0 && (
            <ul className="flex flex-wrap justify-center gap-2 sm:justify-start" aria-label="Interests">
              {user.interests.map((interest) => (
                <li key={interest}>
                  <Badge variant="secondary">{interest}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
      <ProfilePictureDialog
        open={isPictureOpen}
        onOpenChange={setIsPictureOpen}
        onCropped={(image) => uploadImage.mutate(image)}
      />
    </Card>
  );
}
