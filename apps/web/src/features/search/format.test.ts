import { describe, expect, it } from 'vitest';
import { fullNameOf, searchPageHref, visibleInterests } from './format';

describe('search card helpers', () => {
  it('shows up to 3 interests and counts the rest', () => {
    expect(visibleInterests([])).toEqual({ shown: [], more: 0 });
    expect(visibleInterests(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(visibleInterests(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });

  it('names people in full, or Anonymous', () => {
    expect(fullNameOf({ firstName: 'Ann', lastName: 'Lee' })).toBe('Ann Lee');
    expect(fullNameOf({ firstName: 'Ann', lastName: null })).toBe('Ann');
    expect(fullNameOf({ firstName: null, lastName: ' ' })).toBe('Anonymous');
  });

  it('links to the search page with the trimmed, encoded text', () => {
    expect(searchPageHref('  kayak & coffee ')).toBe('/search?q=kayak%20%26%20coffee');
  });
});
