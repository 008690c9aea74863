import { formatCountdown, formatWholeDollars, type SearchAuction, type SearchUser, displayNameOf } from '@bid/contract';
import { Clock, MapPin, User, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { AuctionCardHeading } from '@/components/AuctionCardHeading';
import { Avatar } from '@/components/Avatar';
import { VerifiedBadge } from '@/components/VerifiedBadge';
import { bidCountLabel } from '@/lib/auctionLabels';
import { useNow } from '@/lib/useNow';
import { visibleInterests } from '../format';

/** docs/product.md §2 search page user card: name, age, location, bio, up to 3 interests and '+N more'. */
export function UserResultCard({ user }: { user: SearchUser }) {
  const name = displayNameOf(user);
  const { shown, more } = visibleInterests(user.interests);
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="search-user-card">
      <div className="flex items-center gap-3">
        <Avatar src={user.profileImageUrl} name={name} className="size-12 text-lg font-semibold" />
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold">
            {name}
            {user.identityVerified && <VerifiedBadge className="ml-1" />}
          </h3>
          <p className="flex flex-wrap items-center gap-x-3 text-sm text-neutral-text/70">
            {user.age !== null ? <span>{user.age} years old</span> : null}
            {user.location ? (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-3" />
                {user.location}
              </span>
            ) : null}
          </p>
        </div>
      </div>
      {user.bio ? <p className="line-clamp-3 text-sm text-neutral-text/80">{user.bio}</p> : null}
      {shown.length > 0 ? (
        <div className="flex flex-wrap gap-1.5">
          {shown.map((interest) => (
            <Badge key={interest} variant="secondary">
              {interest}
            </Badge>
          ))}
          {more > 0 ? <Badge variant="outline">+{more} more</Badge> : null}
        </div>
      ) : null}
    </Card>
  );
}

/**
 * docs/product.md §2 search page auction card: title, date type, location, description, current bid,
 * time left, creator and bid count; the whole card opens /auction/{id}.
 */
export function AuctionResultCard({ auction }: { auction: SearchAuction }) {
  const now = useNow({ wakeAt: auction.endTime });
  return (
    <Card
      className="relative flex h-full flex-col gap-3 p-5 transition-shadow hover:shadow-md"
      data-testid="search-auction-card"
    >
      <AuctionCardHeading id={auction.id} title={auction.title} dateType={auction.dateType} />
      {auction.location ? (
        <p className="flex items-center gap-1 text-sm text-neutral-text/70">
          <MapPin aria-hidden="true" className="size-3" />
          {auction.location}
        </p>
      ) : null}
      <p className="line-clamp-2 text-sm text-neutral-text/80">{auction.description}</p>
      <div className="mt-auto flex items-end justify-between gap-3">
        <div>
          <p className="text-xs text-neutral-text/80">Current bid</p>
          <p className="text-xl font-bold text-primary">{formatWholeDollars(auction.currentBid)}</p>
        </div>
        <div className="text-right text-sm text-neutral-text/80">
          <p className="flex items-center justify-end gap-1">
            <Clock aria-hidden="true" className="size-3" />
            {formatCountdown(auction.endTime, now)}
          </p>
          <p className="flex items-center justify-end gap-1">
            <Users aria-hidden="true" className="size-3" />
            {bidCountLabel(auction.bidCount)}
          </p>
        </div>
      </div>
      <p className="flex items-center gap-1 border-t border-black/10 pt-3 text-sm text-neutral-text/70">
        <User aria-hidden="true" className="size-3" />
        by {displayNameOf(auction.creator)}
        {auction.creator.identityVerified && <VerifiedBadge className="ml-1" />}
      </p>
    </Card>
  );
}
