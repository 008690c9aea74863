import { useQuery } from '@tanstack/react-query';
import { apiQuery, apiQueryKey, type ApiOutput } from '@/lib/apiClient';

export const MY_BIDS_KEY = apiQueryKey('listMyBids', {});

/**
 * docs/product.md §3: a bid of mine plus its auction's title, current bid and state, and where I
 * stand on it, computed by the server (docs/web-app.md "Where you stand").
 */
export type MyBid = ApiOutput<'listMyBids'>[number];

/** My bids, newest first. */
export function useMyBids() {
  return useQuery(apiQuery('listMyBids', {}));
}
