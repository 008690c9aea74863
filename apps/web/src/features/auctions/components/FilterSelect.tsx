import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

export type FilterOption<T extends string> = { value: T; label: string };

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
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={value}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
