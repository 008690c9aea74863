import { auctionPictureOf, type DateType } from '@bid/contract';
import { DateTypeDrawing } from '@/components/DateTypeDrawing';
import { Photo } from '@/components/photos/Photo';
import { cn } from '@/lib/utils';
import { dateTypeLabel } from '@/lib/auctionLabels';

interface AuctionCoverProps {
  auction: {
    title: string;
    coverImageUrl: string | null;
    dateType: DateType;
    creator: { profileImageUrl: string | null };
  };
  /** How wide the cover is drawn (the `sizes` attribute). */
  sizes: string;
  /** The first cover on screen loads at once; the others lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * The picture an auction leads with (docs/uploads.md): its cover, else its host's main photo,
 * else the drawing of its date type, so no card is ever without one. A 4:3 box reserved before
 * the picture arrives, so nothing below it moves.
 */
export function AuctionCover({ auction, sizes, priority = false, className }: AuctionCoverProps) {
  const picture = auctionPictureOf(auction);
  const imageClass = 'size-full object-cover';
  return (
    <div
      className={cn('relative aspect-[4/3] w-full overflow-hidden bg-secondary', className)}
      data-testid="auction-cover"
      data-picture={picture.kind === 'photo' ? (auction.coverImageUrl ? 'cover' : 'host') : 'drawing'}
    >
      {picture.kind === 'photo' ? (
        <Photo
          url={picture.url}
          alt={auction.coverImageUrl ? `Cover photo of ${auction.title}` : `Photo of the host of ${auction.title}`}
          sizes={sizes}
          width={1280}
          height={960}
          priority={priority}
          className={imageClass}
        />
      ) : (
        <DateTypeDrawing
          dateType={picture.dateType}
          alt={`${dateTypeLabel(picture.dateType)} illustration`}
          width={1200}
          height={900}
          priority={priority}
          className={imageClass}
        />
      )}
    </div>
  );
}
