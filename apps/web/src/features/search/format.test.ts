import { describe, expect, it } from 'vitest';
import { displayNameOf } from '@bid/contract';
import { searchPageHref, visibleInterests } from './format';

describe('search card helpers', () => {
  it('shows up to 3 interests and counts the rest', () => {
    expect(visibleInterests([])).toEqual({ shown: [], more: 0 });
    expect(visibleInterests(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(visibleInterests(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });

  it('names people as cards do (first name and last initial), or Anonymous', () => {
    expect(displayNameOf({ firstName: 'Ann', lastName: 'Lee' })).toBe('Ann L.');
    expect(displayNameOf({ firstName: 'Ann', lastName: null })).toBe('Ann');
    expect(displayNameOf({ firstName: null, lastName: ' ' })).toBe('Anonymous');
  });

  it('links to the search page with the trimmed, encoded text', () => {
    expect(searchPageHref('  kayak & coffee ')).toBe('/search?q=kayak%20%26%20coffee');
  });
});
