import { useLocation, useSearch } from 'wouter';

/** For each filter, the values the address may carry ('text' takes any text). */
export type FilterDomain<T> = { [K in keyof T]: readonly T[K][] | 'text' };

/**
 * Reads filters from a query string (docs/web-app.md "Filters in the address"): a key that is
 * missing, or holds a value the page does not offer, keeps its default, so an edited or stale
 * link still opens a working page.
 */
export function filtersFromSearch<T extends { [K in keyof T]: string }>(
  search: string,
  defaults: T,
  domain: FilterDomain<T>,
  names: { [K in keyof T]?: string } = {},
): T {
  const params = new URLSearchParams(search);
  const filters = { ...defaults };
  for (const key of Object.keys(defaults) as Array<keyof T & string>) {
    const value = params.get(names[key] ?? key);
    if (value === null) continue;
    const allowed = domain[key];
    if (allowed === 'text' || (allowed as readonly string[]).includes(value))
      filters[key] = value as T[keyof T & string];
  }
  return filters;
}

/** The query string for `filters`: only what differs from the defaults, other parameters kept. */
export function searchWithFilters<T extends { [K in keyof T]: string }>(
  search: string,
  filters: T,
  defaults: T,
  names: { [K in keyof T]?: string } = {},
): string {
  const params = new URLSearchParams(search);
  for (const key of Object.keys(defaults) as Array<keyof T & string>) {
    const name = names[key] ?? key;
    if (filters[key] === defaults[key] || filters[key] === '') params.delete(name);
    else params.set(name, filters[key]);
  }
  return params.toString();
}

/** How many filters differ from their defaults (the "Filters (n)" button). */
export function countActiveFilters<T extends { [K in keyof T]: string }>(
  filters: T,
  defaults: T,
  keys: ReadonlyArray<keyof T> = Object.keys(defaults) as Array<keyof T>,
): number {
  return keys.filter((key) => filters[key] !== defaults[key]).length;
}

/**
 * Filters kept in the address, so a filtered page can be shared and survives a reload. Changes
 * replace the history entry (each keystroke of a search is not a page to go back to).
 */
export function useUrlFilters<T extends { [K in keyof T]: string }>(
  defaults: T,
  domain: FilterDomain<T>,
  names: { [K in keyof T]?: string } = {},
): [T, (next: T) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const filters = filtersFromSearch(search, defaults, domain, names);
  const setFilters = (next: T) => {
    const query = searchWithFilters(search, next, defaults, names);
    navigate(query ? `${path}?${query}` : path, { replace: true });
  };
  return [filters, setFilters];
}
