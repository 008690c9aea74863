import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/form-field';

export type FilterOption<T extends string> = { value: T; label: string };

/** The four filters both pages offer, under their shared address names (docs/web-app.md "Filters"). */
export interface FilterCardValues {
  location: string;
  dateType: string;
  priceRange: string;
  sortBy: string;
}

/** A page's own choices for each filter: its spec list (docs/product.md §2), in the spec's order. */
export type FilterCardOptions<V extends FilterCardValues> = { [K in keyof FilterCardValues]: FilterOption<V[K]>[] };

/** The controls, in the order and with the labels every page shows them. */
const CONTROLS: ReadonlyArray<{ key: keyof FilterCardValues; label: string }> = [
  { key: 'location', label: 'Location' },
  { key: 'dateType', label: 'Date type' },
  { key: 'priceRange', label: 'Price range' },
  { key: 'sortBy', label: 'Sort by' },
];

/** The values a filter's options allow: what the address may carry for it (`FilterDomain`). */
export const optionValues = <T extends string>(options: FilterOption<T>[]) => options.map((option) => option.value);

interface AuctionFilterCardProps<V extends FilterCardValues> {
  values: V;
  options: FilterCardOptions<V>;
  onChange: (values: V) => void;
  /** Browse's search box (the home page searches from the header), above the filters. */
  search?: ReactNode;
  /**
   * A line under the filters about the location filter (browse: whether the visitor's position is
   * known); the hint describes the location control, the action sits beside it.
   */
  locationNote?: { hint: string; action?: ReactNode };
}

/**
 * The one filter card of the home feed and the public browse page (docs/web-app.md "Filters"):
 * the same controls in the same order, labels and layout on both, each page passing its own
 * option lists. On phones the page puts it in the `FiltersSheet`.
 */
export function AuctionFilterCard<V extends FilterCardValues>({
  values,
  options,
  onChange,
  search,
  locationNote,
}: AuctionFilterCardProps<V>) {
  const id = useId();
  const noteId = `${id}-location-note`;

  return (
    <Card className="grid gap-4 p-5" data-testid="auction-filter-card">
      {search}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CONTROLS.map(({ key, label }) => (
          <SelectField
            key={key}
            label={label}
            id={`${id}-${key}`}
            aria-describedby={key === 'location' && locationNote ? noteId : undefined}
            value={values[key]}
            onChange={(event) => onChange({ ...values, [key]: event.target.value })}
            options={options[key]}
          />
        ))}
      </div>
      {locationNote && (
        <div className="flex flex-wrap items-center gap-3 text-xs text-neutral-text/70">
          <p id={noteId}>{locationNote.hint}</p>
          {locationNote.action}
        </div>
      )}
    </Card>
  );
}
