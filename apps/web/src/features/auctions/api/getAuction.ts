import { type AuctionDetail, POLL_INTERVAL_MS } from '@bid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/apiClient';
import { serverNow } from '@/lib/serverClock';
import { useLiveAuctions } from './liveAuctions';

/** After the end time passes, the server closes the auction within seconds; look again this often until it has. */
export const CLOSING_POLL_MS = 3_000;

/** How often to read an auction again: every 30 s while open, briefly faster while the server closes it, then never. */
export function auctionRefetchInterval(auction: AuctionDetail | undefined, now = serverNow()): number | false {
  if (!auction?.isActive) return false;
  return new Date(auction.endTime).getTime() <= now ? CLOSING_POLL_MS : POLL_INTERVAL_MS;
}

/** The auction page's read (`getAuction`), keyed under the auction lists' key. */
export function auctionQueryOptions(id: string) {
  return queryOptions({
    ...apiQuery('getAuction', { params: { id } }),
    refetchInterval: (query) => auctionRefetchInterval(query.state.data),
  });
}

/** The auction, kept current between polls by its live channel (docs/product.md §4 "Live bids"). */
export function useAuction(id: string) {
  useLiveAuctions([id]);
  return useQuery(auctionQueryOptions(id));
}
