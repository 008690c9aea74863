import { type AuctionDetail, displayNameOf } from '@bid/contract';
import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/useAuth';
import { Avatar } from '@/components/Avatar';
import { VerifiedBadge } from '@/components/VerifiedBadge';
import { ReputationLine } from '@/components/ReputationLine';
import { DATE_TYPE_ICONS, dateTypeLabel } from '@/lib/auctionLabels';

/** docs/product.md §2 creator card: first name plus last initial (or Anonymous), age, location, date type badge. */
export function CreatorCard({
  auction,
  safetyActions,
}: {
  auction: AuctionDetail;
  /** Report the auction, block its host: composed by the page from the moderation feature. */
  safetyActions: ReactNode;
}) {
  const { creator } = auction;
  const name = displayNameOf(creator);
  const TypeIcon = DATE_TYPE_ICONS[auction.dateType] ?? MapPin;
  // Signed-in members other than the host may report the auction or block its host (docs/trust-and-safety.md).
  const { user } = useAuth();
  const canAct = user !== null && user.id !== creator.id;
  return (
    <Card className="flex flex-wrap items-center gap-4 p-6" aria-label="Host">
      <Avatar
        src={creator.profileImageUrl}
        name={name === 'Anonymous' ? '?' : name}
        className="size-16 text-2xl font-bold text-primary"
      />
      <div className="min-w-0 flex-1">
        <p className="text-xl font-semibold" data-testid="creator-name">
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
        <div className="flex w-full flex-wrap gap-2" data-testid="host-actions">
          <Button asChild variant="outline" size="sm">
            <Link href={`/users/${creator.id}`}>View profile</Link>
          </Button>
          {safetyActions}
        </div>
      )}
    </Card>
  );
}
