import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countActiveFilters, type FilterDomain, filtersFromSearch, searchWithFilters } from './urlFilters';

type F = { dateType: string; sortBy: string; search: string };
const defaults: F = { dateType: 'all', sortBy: 'ending-soon', search: '' };
const domain: FilterDomain<F> = {
  dateType: ['all', 'coffee', 'dinner'],
  sortBy: ['ending-soon', 'newest'],
  search: 'text',
};

describe('filters in the address', () => {
  it('reads known values under their names and keeps the default for anything else', () => {
    expect(filtersFromSearch('?dateType=coffee&sortBy=bogus&q=river', defaults, domain, { search: 'q' })).toEqual({
      dateType: 'coffee',
      sortBy: 'ending-soon',
      search: 'river',
    });
    expect(filtersFromSearch('', defaults, domain)).toEqual(defaults);
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    expect(searchWithFilters('tab=x', { ...defaults, sortBy: 'newest' }, defaults)).toBe('tab=x&sortBy=newest');
    expect(searchWithFilters('dateType=coffee', defaults, defaults)).toBe('');
  });

  it('reads back whatever it wrote', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(domain.dateType as string[])),
        fc.constantFrom(...(domain.sortBy as string[])),
        fc.string(),
        (dateType, sortBy, search) => {
          const filters = { dateType, sortBy, search };
          const written = searchWithFilters('', filters, defaults, { search: 'q' });
          expect(filtersFromSearch(written, defaults, domain, { search: 'q' })).toEqual(filters);
        },
      ),
    );
  });

  it('counts the filters that are set', () => {
    expect(countActiveFilters({ ...defaults, dateType: 'dinner', search: 'x' }, defaults)).toBe(2);
    expect(countActiveFilters({ ...defaults, dateType: 'dinner', search: 'x' }, defaults, ['dateType'])).toBe(1);
  });
});
