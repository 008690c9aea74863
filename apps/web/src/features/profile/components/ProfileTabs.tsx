import { CreditCard, Gavel, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMyAuctions } from '../api/listMyAuctions';
import { useMyBids } from '../api/listMyBids';
import { formatWholeDollars, isAuctionActive } from '../format';

/** SPEC §2 "Profile page" tabs: My Auctions (default), My Bids, Payment Methods. */
export function ProfileTabs() {
  return (
    <Tabs defaultValue="auctions">
      <TabsList className="w-full sm:w-auto">
        <TabsTrigger value="auctions">My Auctions</TabsTrigger>
        <TabsTrigger value="bids">My Bids</TabsTrigger>
        <TabsTrigger value="payments">Payment Methods</TabsTrigger>
      </TabsList>
      <TabsContent value="auctions">
        <MyAuctionsTab />
      </TabsContent>
      <TabsContent value="bids">
        <MyBidsTab />
      </TabsContent>
      <TabsContent value="payments">
        <EmptyState icon={<CreditCard aria-hidden="true" className="size-10" />}>
          Your saved payment methods will appear here. Adding a card or bank account is coming soon.
        </EmptyState>
      </TabsContent>
    </Tabs>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="muted">Ended</Badge>;
}

function MyAuctionsTab() {
  const { data: auctions, isLoading, isError } = useMyAuctions();
  if (isLoading) return <LoadingText>Loading your auctions...</LoadingText>;
  if (isError) return <LoadingText>Your auctions could not be loaded. Please try again later.</LoadingText>;
  if (!auctions?.length) {
    return (
      <EmptyState icon={<Gavel aria-hidden="true" className="size-10" />}>
        <p>You haven&apos;t created any auctions yet.</p>
        <Button asChild className="mt-4">
          <Link href="/create-auction">Create Your First Auction</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="My auctions">
      {auctions.map((auction) => (
        <li key={auction.id}>
          <Card>
            <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
              <Link href={`/auction/${auction.id}`} className="font-semibold text-primary hover:underline">
                {auction.title}
              </Link>
              <div className="flex items-center gap-3 text-sm">
                <span>{formatWholeDollars(auction.currentBid ?? auction.startingBid)}</span>
                {auction.bidCount !== undefined && (
                  <span className="text-neutral-text/70">
                    {auction.bidCount} {auction.bidCount === 1 ? 'bid' : 'bids'}
                  </span>
                )}
                <StatusBadge active={isAuctionActive(auction)} />
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function MyBidsTab() {
  const { data: bids, isLoading, isError } = useMyBids();
  if (isLoading) return <LoadingText>Loading your bids...</LoadingText>;
  if (isError) return <LoadingText>Your bids could not be loaded. Please try again later.</LoadingText>;
  if (!bids?.length) {
    return (
      <EmptyState icon={<TrendingUp aria-hidden="true" className="size-10" />}>
        <p>You haven&apos;t placed any bids yet.</p>
        <Button asChild className="mt-4">
          <Link href="/">Browse Auctions</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="My bids">
      {bids.map((bid) => (
        <li key={bid.id}>
          <Card>
            <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
              <Link href={`/auction/${bid.auctionId}`} className="font-semibold text-primary hover:underline">
                {bid.auction?.title ?? 'Auction'}
              </Link>
              <div className="flex items-center gap-3 text-sm">
                <span>Your bid {formatWholeDollars(bid.amount)}</span>
                {bid.auction?.currentBid != null && (
                  <span className="text-neutral-text/70">Current {formatWholeDollars(bid.auction.currentBid)}</span>
                )}
                {bid.auction && <StatusBadge active={isAuctionActive(bid.auction)} />}
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center p-10 text-center text-neutral-text/80">
        <span className="mb-3 text-primary">{icon}</span>
        {children}
      </CardContent>
    </Card>
  );
}

function LoadingText({ children }: { children: ReactNode }) {
  return (
    <p className="py-8 text-center text-neutral-text/70" role="status">
      {children}
    </p>
  );
}
