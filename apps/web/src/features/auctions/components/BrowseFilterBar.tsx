import { LocateFixed, Search } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { FormControl, FormField } from '@/components/ui/form-field';
import type { BrowseFilters } from '../browseFilters';
import type { FilterDomain } from '../urlFilters';
import { DATE_TYPE_FILTER_OPTIONS, filterSelects, optionValues, type FilterOption as Option } from './FilterSelect';

const RADIUS_OPTIONS: Option<BrowseFilters['radius']>[] = [
  { value: '5', label: 'Within 5 miles' },
  { value: '10', label: 'Within 10 miles' },
  { value: '25', label: 'Within 25 miles' },
  { value: '50', label: 'Within 50 miles' },
  { value: '100', label: 'Within 100 miles' },
  { value: 'any', label: 'Any distance' },
];
const PRICE_OPTIONS: Option<BrowseFilters['priceRange']>[] = [
  { value: 'any', label: 'Any price' },
  { value: '0-25', label: '$0 - $25' },
  { value: '25-50', label: '$25 - $50' },
  { value: '50-100', label: '$50 - $100' },
  { value: '100+', label: '$100+' },
];
const SORT_OPTIONS: Option<BrowseFilters['sortBy']>[] = [
  { value: 'ending-soon', label: 'Ending Soon' },
  { value: 'newest', label: 'Newest' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'best-hosts', label: 'Best hosts' },
];

/** What the address may carry for each browse filter (docs/web-app.md "Filters in the address"). */
export const BROWSE_FILTER_DOMAIN: FilterDomain<BrowseFilters> = {
  search: 'text',
  dateType: optionValues(DATE_TYPE_FILTER_OPTIONS),
  radius: optionValues(RADIUS_OPTIONS),
  priceRange: optionValues(PRICE_OPTIONS),
  sortBy: optionValues(SORT_OPTIONS),
};

/** The browse page's distance is the API's `location`; its free text is `q`. */
export const BROWSE_FILTER_URL_NAMES = { radius: 'location', search: 'q' } as const;

export type VisitorLocationState = 'unknown' | 'locating' | 'known' | 'unavailable';

interface BrowseFilterBarProps {
  filters: BrowseFilters;
  onChange: (filters: BrowseFilters) => void;
  locationState: VisitorLocationState;
  onLocate: () => void;
}

/** The public browse page's search, filters and sort (docs/product.md §2 "Public browse page"). */
export function BrowseFilterBar({ filters, onChange, locationState, onLocate }: BrowseFilterBarProps) {
  const id = useId();
  const select = filterSelects(id, filters, onChange);

  return (
    <Card className="grid gap-4 p-5">
      <FormField label="Search auctions" id={`${id}-search`}>
        <div className="relative">
          <Search aria-hidden="true" className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-neutral-text/50" />
          <FormControl>
            <Input
              type="search"
              className="pl-9"
              placeholder="Search by title, description or location"
              value={filters.search}
              onChange={(event) => onChange({ ...filters, search: event.target.value })}
            />
          </FormControl>
        </div>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {select('dateType', 'Date type', DATE_TYPE_FILTER_OPTIONS)}
        {select('radius', 'Distance', RADIUS_OPTIONS, `${id}-radius-hint`)}
        {select('priceRange', 'Price range', PRICE_OPTIONS)}
        {select('sortBy', 'Sort by', SORT_OPTIONS)}
      </div>
      <div className="flex flex-wrap items-center gap-3 text-xs text-neutral-text/70">
        <p id={`${id}-radius-hint`}>{radiusHint(locationState, filters.radius)}</p>
        {(locationState === 'unknown' || locationState === 'unavailable') && (
          <Button type="button" variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={onLocate}>
            <LocateFixed aria-hidden="true" />
            Use my location
          </Button>
        )}
      </div>
    </Card>
  );
}

function radiusHint(state: VisitorLocationState, radius: BrowseFilters['radius']): string {
  switch (state) {
    case 'known':
      return radius === 'any'
        ? 'Showing auctions at any distance from you.'
        : `Showing auctions within ${radius} miles of you.`;
    case 'locating':
      return 'Finding your location...';
    case 'unavailable':
      return 'Your location is not available, so the distance filter has no effect.';
    case 'unknown':
      return 'The distance filter applies once you share your location; until then it has no effect.';
  }
}
