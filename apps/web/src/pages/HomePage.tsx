import { ArrowDown, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import {
  type AuctionFeedFilters,
  DEFAULT_FEED_FILTERS,
  flattenPages,
  useAuctionFeed,
} from '@/features/auctions/api/listAuctions';
import { AuctionCard } from '@/features/auctions/components/AuctionCard';
import { AuctionsLoadError, NoAuctionsFound } from '@/features/auctions/components/AuctionListStates';
import { AuctionFilterCard } from '@/features/auctions/components/AuctionFilterCard';
import { FiltersSheet } from '@/features/auctions/components/FiltersSheet';
import { FEED_FILTER_DOMAIN, HOME_FILTER_OPTIONS } from '@/features/auctions/filterOptions';
import { countActiveFilters, useUrlFilters } from '@/features/auctions/urlFilters';
import { FeaturedAuction, pickFeaturedAuction } from '@/features/auctions/components/FeaturedAuction';
import { SaveSearchButton } from '@/features/saved-searches/components/SaveSearchButton';
import { useAuth } from '@/lib/useAuth';

const GRID_ID = 'auction-grid';

function scrollToGrid() {
  const grid = document.getElementById(GRID_ID);
  if (!grid) return;
  grid.scrollIntoView({ behavior: 'smooth', block: 'start' });
  // Keyboard and screen-reader users continue where the page scrolled to.
  grid.focus({ preventScroll: true });
}

/** docs/product.md §2 "Home page (signed in)": hero, filters, featured auction, the feed with Load More, a floating create button. */
export default function HomePage() {
  const { user } = useAuth();
  // Kept in the address under the API's names, so a filtered feed can be shared and survives a reload.
  const [filters, setFilters] = useUrlFilters<AuctionFeedFilters>(DEFAULT_FEED_FILTERS, FEED_FILTER_DOMAIN);
  const feed = useAuctionFeed(filters);
  const auctions = flattenPages(feed.data?.pages);
  const featured = pickFeaturedAuction(auctions);

  return (
    <div className="w-full">
      <section aria-labelledby="home-hero-heading" className="bg-palette-gradient">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-20">
          <h1 id="home-hero-heading" className="text-4xl font-extrabold tracking-tight sm:text-6xl">
            Bid Your Perfect Date
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-neutral-text/80">
            Bid on coffee, dinner or an activity with people near you, or auction an outing of your own. You are only
            charged if you win.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Button size="lg" className="w-full sm:w-auto" onClick={scrollToGrid}>
              Start Bidding
              <ArrowDown aria-hidden="true" />
            </Button>
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <Link href="/create-auction">Create Your Auction</Link>
            </Button>
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8">
        <FiltersSheet activeCount={countActiveFilters(filters, DEFAULT_FEED_FILTERS)}>
          <AuctionFilterCard values={filters} options={HOME_FILTER_OPTIONS} onChange={setFilters} />
        </FiltersSheet>
        {/* Members browse here (/browse is the visitors' page): they keep these filters and hear of
            new matches (docs/auctions.md "Saved searches"). */}
        <div className="-mt-4 flex justify-end">
          <SaveSearchButton withText={false} />
        </div>

        {featured && <FeaturedAuction auction={featured} />}

        <section
          id={GRID_ID}
          tabIndex={-1}
          aria-labelledby="auction-grid-heading"
          aria-busy={feed.isPlaceholderData || undefined}
          className="scroll-mt-20 outline-none"
        >
          <h2 id="auction-grid-heading" className="mb-4 text-2xl font-bold">
            Live Auctions
          </h2>
          {feed.isPending ? (
            <p role="status" className="py-12 text-center text-neutral-text/70">
              Loading auctions...
            </p>
          ) : feed.isError ? (
            <AuctionsLoadError onRetry={() => void feed.refetch()} retrying={feed.isRefetching} />
          ) : auctions.length === 0 ? (
            <NoAuctionsFound headingLevel="h3" hint="Try other filters, or put an outing of your own up for bids.">
              <Button asChild className="mt-6">
                <Link href="/create-auction">Create First Auction</Link>
              </Button>
            </NoAuctionsFound>
          ) : (
            <>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Auctions">
                {auctions.map((auction, index) => (
                  <li key={auction.id}>
                    <AuctionCard auction={auction} view="member" viewerId={user?.id} priority={index === 0} />
                  </li>
                ))}
              </ul>
              {feed.hasNextPage && (
                <div className="mt-8 flex justify-center">
                  <Button
                    variant="outline"
                    size="lg"
                    disabled={feed.isFetchingNextPage}
                    onClick={() => void feed.fetchNextPage()}
                  >
                    {feed.isFetchingNextPage ? 'Loading...' : 'Load More Auctions'}
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
      </div>

      <Button asChild size="icon" className="fixed bottom-6 right-6 z-30 size-14 rounded-full shadow-lg [&_svg]:size-6">
        <Link href="/create-auction" aria-label="Create auction">
          <Plus aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
