import type { Coordinates } from '@bid/contract';
import { useDeferredValue, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePublicAuctions } from '@/features/auctions/api/listPublicAuctions';
import { AuctionCard } from '@/features/auctions/components/AuctionCard';
import { AuctionsLoadError, NoAuctionsFound } from '@/features/auctions/components/AuctionListStates';
import { AuctionFilterCard } from '@/features/auctions/components/AuctionFilterCard';
import {
  BrowseSearchBox,
  type VisitorLocationState,
  visitorLocationNote,
} from '@/features/auctions/components/BrowseFilterParts';
import {
  BROWSE_FILTER_DOMAIN,
  BROWSE_FILTER_OPTIONS,
  BROWSE_FILTER_URL_NAMES,
  type BrowseCardValues,
} from '@/features/auctions/filterOptions';
import { FiltersSheet } from '@/features/auctions/components/FiltersSheet';
import { WaitlistLink } from '@/components/WaitlistLink';
import { type BrowseFilters, DEFAULT_BROWSE_FILTERS, filterAndSortAuctions } from '@/features/auctions/browseFilters';
import { countActiveFilters, useUrlFilters } from '@/features/auctions/urlFilters';
import { SaveSearchButton } from '@/features/saved-searches/components/SaveSearchButton';
import { useAuth } from '@/lib/useAuth';
import { useProgressiveCount } from '@/lib/useProgressiveCount';

/**
 * Cards rendered first (two rows of the widest grid), then as many more each time the browser is
 * idle (docs/performance.md, item 17).
 */
const FIRST_CARDS = 6;

/**
 * docs/product.md §2 "Public browse page": one list read, then search, filters and sort in the browser.
 * The distance filter needs the visitor's position, which they may share with the browser.
 */
export default function BrowsePage() {
  const { data, isError, refetch, isFetching } = usePublicAuctions();
  const { isAuthenticated } = useAuth();
  // The list arrives through React Query's store, whose updates React renders in one task it
  // cannot interrupt; the deferred copy renders the cards in the background instead, in slices
  // that leave the main thread free between them (docs/performance.md, item 17). Until it has
  // caught up, the page still shows the loading state.
  const list = useDeferredValue(data);
  const isPending = list === undefined && !isError;
  // Kept in the address (docs/web-app.md), so a filtered page can be shared and survives a reload.
  const [filters, setFilters] = useUrlFilters<BrowseFilters>(
    DEFAULT_BROWSE_FILTERS,
    BROWSE_FILTER_DOMAIN,
    BROWSE_FILTER_URL_NAMES,
  );
  const [visitor, setVisitor] = useState<Coordinates | null>(null);
  const [locationState, setLocationState] = useState<VisitorLocationState>('unknown');

  const auctions = useMemo(() => filterAndSortAuctions(list ?? [], filters, visitor), [list, filters, visitor]);
  // Up to 100 auctions (docs/product.md §2): the first screenfuls paint first, the rest follow.
  const shown = useProgressiveCount(auctions.length, { initial: FIRST_CARDS, step: FIRST_CARDS });

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocationState('unavailable');
      return;
    }
    setLocationState('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setVisitor({ latitude: position.coords.latitude, longitude: position.coords.longitude });
        setLocationState('known');
      },
      () => setLocationState('unavailable'),
      { maximumAge: 600_000, timeout: 10_000 },
    );
  };

  const clearSearch = () => setFilters(DEFAULT_BROWSE_FILTERS);
  // The shared filter card calls the distance `location`, as the address and the home feed do.
  const cardValues: BrowseCardValues = {
    location: filters.radius,
    dateType: filters.dateType,
    priceRange: filters.priceRange,
    sortBy: filters.sortBy,
  };
  const countLabel = `${auctions.length} ${auctions.length === 1 ? 'auction' : 'auctions'}`;

  return (
    <div className="w-full">
      <title>Browse Auctions | BidYourDate</title>
      <div className="bg-palette-gradient">
        {/* Short, so the first cards are in the first screen (docs/web-app.md "Header, loading, scroll
            position, lists"): the heading and its call to action on one row from sm up. */}
        <section
          aria-labelledby="browse-heading"
          className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-4 text-center sm:flex-row sm:justify-between sm:text-left"
        >
          <div className="min-w-0">
            <h1 id="browse-heading" className="text-3xl font-extrabold tracking-tight">
              Browse Auctions
            </h1>
            <p className="mt-1 max-w-2xl text-sm text-neutral-text/80">
              Coffee, dinner and activities people are auctioning right now. Sign up to place a bid; you are only
              charged if you win.
            </p>
          </div>
          <WaitlistLink className="shrink-0">Sign Up Free</WaitlistLink>
        </section>
      </div>

      <div className="mx-auto grid max-w-6xl gap-4 px-4 py-4">
        <FiltersSheet activeCount={countActiveFilters(filters, DEFAULT_BROWSE_FILTERS)}>
          <AuctionFilterCard
            values={cardValues}
            options={BROWSE_FILTER_OPTIONS}
            onChange={({ location, ...rest }: BrowseCardValues) =>
              setFilters({ ...filters, ...rest, radius: location })
            }
            search={
              <BrowseSearchBox value={filters.search} onChange={(search) => setFilters({ ...filters, search })} />
            }
            locationNote={visitorLocationNote(locationState, filters.radius, locate)}
          />
        </FiltersSheet>

        <h2 id="browse-results-heading" className="sr-only">
          Auctions
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* No count beside a failed read: "0 auctions" would say the list is empty. */}
          <p className="font-medium" role="status" aria-live="polite">
            {isPending ? 'Loading auctions...' : isError && !list ? '' : countLabel}
          </p>
          <div className="flex flex-wrap gap-2">
            {/* Members keep the page's filters and hear of new matches (docs/auctions.md "Saved searches"). */}
            {isAuthenticated && <SaveSearchButton />}
            <Button variant="outline" size="sm" onClick={clearSearch}>
              Clear Search
            </Button>
          </div>
        </div>

        {isPending ? (
          // Holds a screen's height for the list, so the card below it does not jump down when the
          // auctions arrive (a layout shift, docs/performance.md "Lighthouse (mobile)").
          <div aria-hidden="true" className="min-h-screen" data-testid="browse-list-placeholder" />
        ) : isError && !list ? (
          <AuctionsLoadError onRetry={() => void refetch()} retrying={isFetching} />
        ) : auctions.length === 0 ? (
          <NoAuctionsFound headingLevel="h2" hint="Try a different search or fewer filters." />
        ) : (
          <div>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-labelledby="browse-results-heading">
              {auctions.slice(0, shown.count).map((auction, index) => (
                <li key={auction.id}>
                  <AuctionCard auction={auction} view="public" priority={index === 0} />
                </li>
              ))}
            </ul>
            <div ref={shown.endRef} aria-hidden="true" />
          </div>
        )}

        {/* Shown with the list, not before it: below a short list it would otherwise slide into view. */}
        {!isPending && (
          <Card className="flex flex-col items-center gap-4 bg-palette-gradient px-6 py-10 text-center">
            <h2 className="text-2xl font-bold">Ready to bid on your perfect date?</h2>
            <p className="max-w-xl text-neutral-text/80">
              Join to place bids, put up outings of your own and message the people you win a date with.
            </p>
            <WaitlistLink size="lg">Join Waitlist</WaitlistLink>
          </Card>
        )}
      </div>
    </div>
  );
}
