import { useQuery } from '@tanstack/react-query';
import { apiQuery, apiQueryKey, type ApiOutput } from '@/lib/apiClient';

export const MY_AUCTIONS_KEY = apiQueryKey('listMyAuctions', {});

/** A row of the My Auctions tab: the list fields of an auction and its reserve price, without the creator (it is me). */
export type MyAuction = ApiOutput<'listMyAuctions'>[number];

/** My auctions, newest first: only asked for when signed in (the profile page is signed-in only). */
export function useMyAuctions() {
  return useQuery(apiQuery('listMyAuctions', {}));
}
