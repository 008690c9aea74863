import { CreditCard, Gavel, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMyAuctions } from '../api/listMyAuctions';
import { useMyBids } from '../api/listMyBids';
import { MyAuctionsList } from './MyAuctionsList';
import { MyBidsList } from './MyBidsList';

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
  return <MyAuctionsList auctions={auctions} />;
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
  return <MyBidsList bids={bids} />;
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
