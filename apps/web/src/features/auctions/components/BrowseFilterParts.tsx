import { LocateFixed, Search } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormControl, FormField } from '@/components/ui/form-field';
import type { BrowseFilters } from '../browseFilters';

interface BrowseSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * Browse's search box (docs/product.md §2 "Public browse page"), over title, description and
 * location; it sits at the top of browse's `AuctionFilterCard`.
 */
export function BrowseSearchBox({ value, onChange }: BrowseSearchBoxProps) {
  const id = useId();
  return (
    <FormField label="Search auctions" id={`${id}-search`}>
      <div className="relative">
        <Search aria-hidden="true" className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-neutral-text/50" />
        <FormControl>
          <Input
            type="search"
            className="pl-9"
            placeholder="Search by title, description or location"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        </FormControl>
      </div>
    </FormField>
  );
}

export type VisitorLocationState = 'unknown' | 'locating' | 'known' | 'unavailable';

/**
 * The location filter's note on browse: the distance applies only once the visitor shares their
 * position; says so, and offers to.
 */
export function visitorLocationNote(
  state: VisitorLocationState,
  radius: BrowseFilters['radius'],
  onLocate: () => void,
) {
  return {
    hint: radiusHint(state, radius),
    action:
      state === 'unknown' || state === 'unavailable' ? (
        <Button type="button" variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={onLocate}>
          <LocateFixed aria-hidden="true" />
          Use my location
        </Button>
      ) : undefined,
  };
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
