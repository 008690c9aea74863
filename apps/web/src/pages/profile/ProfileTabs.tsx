import { Gavel, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useLiveAuctions } from '@/features/auctions/api/liveAuctions';
import { PaymentMethodsTab } from '@/features/payments/components/PaymentMethodsTab';
import { PaymentsHistory } from '@/features/payments/components/PaymentsHistory';
import { PayoutAccountSection } from '@/features/payments/components/PayoutAccountSection';
import { isSetupReturn, useSetupReturn } from '@/features/payments/useSetupReturn';
import { useMyAuctions } from '@/features/profile/api/listMyAuctions';
import { useMyBids } from '@/features/profile/api/listMyBids';
import { MyAuctionsList } from '@/features/profile/components/MyAuctionsList';
import { MyBidsList } from '@/features/profile/components/MyBidsList';

const PROFILE_TABS = ['auctions', 'bids', 'payments'] as const;
type ProfileTab = (typeof PROFILE_TABS)[number];

/** The tab named by `?tab=`; the return from a payment-method setup opens Payment Methods. */
function tabFrom(search: string): ProfileTab {
  const tab = new URLSearchParams(search).get('tab');
  if (PROFILE_TABS.includes(tab as ProfileTab)) return tab as ProfileTab;
  return isSetupReturn(search) ? 'payments' : 'auctions';
}

/**
 * docs/product.md §2 "Profile page" tabs: My Auctions (default), My Bids, Payment Methods. The open tab
 * lives in the address (`?tab=`), so links such as the bid dialog's "Add a payment method" open it.
 */
export function ProfileTabs() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const tab = tabFrom(search);
  useSetupReturn();

  const openTab = (next: string) => {
    const params = new URLSearchParams(search);
    if (next === 'auctions') params.delete('tab');
    else params.set('tab', next);
    const query = params.toString();
    navigate(query ? `${path}?${query}` : path, { replace: true });
  };

  return (
    <Tabs value={tab} onValueChange={openTab}>
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
        <div className="grid gap-8">
          <PaymentMethodsTab />
          <PayoutAccountSection />
          <PaymentsHistory />
        </div>
      </TabsContent>
    </Tabs>
  );
}

/** The ids a profile list follows live (docs/realtime.md): bids, closes and wins show without a reload. */
function useLiveIds(ids: readonly string[] | undefined) {
  useLiveAuctions(ids ?? []);
}

function MyAuctionsTab() {
  const { data: auctions, isLoading, isError } = useMyAuctions();
  useLiveIds(auctions?.map((auction) => auction.id));
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
  useLiveIds(bids?.map((bid) => bid.auctionId));
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
