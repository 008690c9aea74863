import { auctionPictureOf, type DateType } from '@bid/contract';
import { DateTypeDrawing } from '@/components/DateTypeDrawing';
import { Photo } from '@/components/photos/Photo';

export interface AuctionThumbnailProps {
  auction: {
    title: string;
    coverImageUrl: string | null;
    dateType: DateType;
    creator: { profileImageUrl: string | null };
  };
}

/**
 * An auction's picture at the size of a list row (docs/uploads.md's rule: its cover, else its
 * host's main photo, else the drawing of its date type). Decorative: the row names the auction.
 */
export function AuctionThumbnail({ auction }: AuctionThumbnailProps) {
  const picture = auctionPictureOf(auction);
  const className = 'size-full object-cover';
  return (
    <div className="size-16 shrink-0 overflow-hidden rounded-md bg-secondary" data-testid="row-picture">
      {picture.kind === 'photo' ? (
        <Photo url={picture.url} alt="" sizes="64px" width={64} height={64} className={className} />
      ) : (
        <DateTypeDrawing dateType={picture.dateType} width={64} height={64} className={className} />
      )}
    </div>
  );
}
