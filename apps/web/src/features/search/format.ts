import { SEARCH_CARD_INTERESTS } from '@bid/contract';

/** 'Ann Lee', or 'Anonymous' when nobody gave a name. */
export function fullNameOf(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter((part) => part && part.trim()).join(' ') || 'Anonymous';
}

/** The first interests a card shows (docs/product.md §9: 3) and how many more there are ('+N more'). */
export function visibleInterests(interests: readonly string[]): { shown: string[]; more: number } {
  return {
    shown: interests.slice(0, SEARCH_CARD_INTERESTS),
    more: Math.max(0, interests.length - SEARCH_CARD_INTERESTS),
  };
}

/** The search page's address for a text. */
export const searchPageHref = (text: string): string => `/search?q=${encodeURIComponent(text.trim())}`;
