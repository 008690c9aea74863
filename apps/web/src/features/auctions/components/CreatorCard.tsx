import { type AuctionDetail, displayNameOf } from '@bid/contract';
import { MapPin } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/useAuth';
import { Avatar } from '@/components/Avatar';
import { VerifiedBadge } from '@/components/VerifiedBadge';
import { ReputationLine } from '@/components/ReputationLine';
import { DATE_TYPE_ICONS, dateTypeLabel } from '@/lib/auctionLabels';

/**
 * docs/product.md §2 creator card: first name plus last initial (or Anonymous), age, location, date
 * type badge. Compact, under the title, so the host is in the first screen (docs/web-app.md
 * "Auction page"); Report and Block are in the page's "More actions" menu.
 */
export function CreatorCard({ auction }: { auction: AuctionDetail }) {
  const { creator } = auction;
  const name = displayNameOf(creator);
  const TypeIcon = DATE_TYPE_ICONS[auction.dateType] ?? MapPin;
  const { user } = useAuth();
  const canAct = user !== null && user.id !== creator.id;
  return (
    <Card className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 sm:p-4" aria-label="Host">
      <Avatar
        src={creator.profileImageUrl}
        name={name === 'Anonymous' ? '?' : name}
        className="size-12 text-xl font-bold text-primary"
      />
      <div className="min-w-0 flex-1">
        <p className="text-lg font-semibold" data-testid="creator-name">
          {name}
          {creator.identityVerified && <VerifiedBadge className="ml-2" withLabel />}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-neutral-text/80">
          {creator.age !== null && <span>{creator.age} years old</span>}
          {creator.location && (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-4" />
              {creator.location}
            </span>
          )}
        </p>
        {/* Issue 35: the host's reliability in words (docs/trust-and-safety.md "Reliability"). */}
        <ReputationLine reputation={creator.reputation} className="text-sm" />
      </div>
      <Badge variant="secondary" className="text-sm">
        <TypeIcon aria-hidden="true" className="size-4" />
        {dateTypeLabel(auction.dateType)}
      </Badge>
      {canAct && (
        <Button asChild variant="outline" size="sm">
          <Link href={`/users/${creator.id}`}>View profile</Link>
        </Button>
      )}
    </Card>
  );
}
