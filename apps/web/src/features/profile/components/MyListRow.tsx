import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { AuctionThumbnail, type AuctionThumbnailProps } from '@/components/AuctionThumbnail';

interface MyListRowProps {
  auctionId: string;
  title: string;
  /** The row's facts under the title (prices, bids, times). */
  facts: ReactNode;
  /** What stands at the row's end: its badge, and buttons where there are any. */
  end: ReactNode;
  testId: string;
  /** The auction's picture at the row's start (My Bids). */
  picture?: AuctionThumbnailProps['auction'];
}

/** One row of the profile's My Auctions and My Bids tabs: the auction's title (a link to it), its facts, then its badge. */
export function MyListRow({ auctionId, title, facts, end, testId, picture }: MyListRowProps) {
  return (
    <li data-testid={testId}>
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
          {picture && <AuctionThumbnail auction={picture} />}
          <div className="grid min-w-0 flex-1 gap-1">
            <Link href={`/auction/${auctionId}`} className="truncate font-semibold text-primary hover:underline">
              {title}
            </Link>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-text/80">{facts}</div>
          </div>
          {end}
        </CardContent>
      </Card>
    </li>
  );
}
