import { SelectField } from '@/components/ui/form-field';

export type FilterOption<T extends string> = { value: T; label: string };

/** The values a filter's options allow: what the address may carry for it (`FilterDomain`). */
export const optionValues = <T extends string>(options: FilterOption<T>[]) => options.map((option) => option.value);

/** The date-type choices shared by the home filter card and the public browse bar (docs/product.md §2). */
export const DATE_TYPE_FILTER_OPTIONS: FilterOption<'all' | 'coffee' | 'dinner' | 'activity'>[] = [
  { value: 'all', label: 'All types' },
  { value: 'coffee', label: 'Coffee' },
  { value: 'dinner', label: 'Dinner' },
  { value: 'activity', label: 'Activity' },
];

interface FilterSelectProps<T extends string> {
  id: string;
  label: string;
  value: T;
  options: FilterOption<T>[];
  onChange: (value: T) => void;
  describedBy?: string;
}

/** A labelled select for one filter; the value only ever comes from `options`. */
export function FilterSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  describedBy,
}: FilterSelectProps<T>) {
  return (
    <SelectField
      label={label}
      id={id}
      aria-describedby={describedBy}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      options={options}
    />
  );
}

/**
 * Builds one filter bar's selects: `select(key, label, options)` renders the `FilterSelect` of
 * `filters[key]`, with an id under `idPrefix`, and answers a change with the whole set updated.
 */
export function filterSelects<F extends { [K in keyof F]: string }>(
  idPrefix: string,
  filters: F,
  onChange: (filters: F) => void,
) {
  return <K extends keyof F & string>(key: K, label: string, options: FilterOption<F[K]>[], describedBy?: string) => (
    <FilterSelect
      id={`${idPrefix}-${key}`}
      label={label}
      value={filters[key]}
      options={options}
      onChange={(value) => onChange({ ...filters, [key]: value })}
      {...(describedBy ? { describedBy } : {})}
    />
  );
}
