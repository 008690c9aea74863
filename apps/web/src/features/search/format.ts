import { SEARCH_CARD_INTERESTS } from '@bid/contract';

/** The first interests a card shows (docs/product.md §9: 3) and how many more there are ('+N more'). */
export function visibleInterests(interests: readonly string[]): { shown: string[]; more: number } {
  return {
    shown: interests.slice(0, SEARCH_CARD_INTERESTS),
    more: Math.max(0, interests.length - SEARCH_CARD_INTERESTS),
  };
}

/** The search page's address for a text. */
export const searchPageHref = (text: string): string => `/search?q=${encodeURIComponent(text.trim())}`;
