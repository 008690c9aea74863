import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import type { AuctionFeedFilters } from '../api/listAuctions';
import type { FilterDomain } from '../urlFilters';
import { DATE_TYPE_FILTER_OPTIONS, filterSelects, optionValues, type FilterOption as Option } from './FilterSelect';

const LOCATION_OPTIONS: Option<AuctionFeedFilters['location']>[] = [
  { value: '25', label: 'Within 25 miles' },
  { value: '50', label: 'Within 50 miles' },
  { value: '100', label: 'Within 100 miles' },
  { value: 'any', label: 'Any distance' },
];
const PRICE_OPTIONS: Option<AuctionFeedFilters['priceRange']>[] = [
  { value: 'any', label: 'Any price' },
  { value: 'under-50', label: 'Under $50' },
  { value: '50-100', label: '$50 - $100' },
  { value: 'over-100', label: 'Over $100' },
];
const SORT_OPTIONS: Option<AuctionFeedFilters['sortBy']>[] = [
  { value: 'ending-soon', label: 'Ending Soon' },
  { value: 'most-popular', label: 'Most Popular' },
  { value: 'newest', label: 'Newest' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'best-hosts', label: 'Best hosts' },
];

/** What the address may carry for each home filter, under the API's own names (docs/web-app.md). */
export const FEED_FILTER_DOMAIN: FilterDomain<AuctionFeedFilters> = {
  location: optionValues(LOCATION_OPTIONS),
  dateType: optionValues(DATE_TYPE_FILTER_OPTIONS),
  priceRange: optionValues(PRICE_OPTIONS),
  sortBy: optionValues(SORT_OPTIONS),
};

interface AuctionFiltersProps {
  filters: AuctionFeedFilters;
  onChange: (filters: AuctionFeedFilters) => void;
}

/** The home page's filter card (docs/product.md §2 "Home page"): four labelled selects sent to the server. */
export function AuctionFilters({ filters, onChange }: AuctionFiltersProps) {
  const select = filterSelects(useId(), filters, onChange);

  return (
    <Card className="p-5">
      <h2 className="mb-4 flex items-center gap-2 text-base font-semibold">
        <SlidersHorizontal aria-hidden="true" className="size-4 text-primary" />
        Filter auctions
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {select('location', 'Location', LOCATION_OPTIONS)}
        {select('dateType', 'Date type', DATE_TYPE_FILTER_OPTIONS)}
        {select('priceRange', 'Price range', PRICE_OPTIONS)}
        {select('sortBy', 'Sort by', SORT_OPTIONS)}
      </div>
    </Card>
  );
}
