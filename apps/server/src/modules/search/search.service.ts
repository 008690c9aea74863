import type { Db } from '../../db/client.js';
import type { SearchResults, SearchUser } from '@bid/contract';
import { presentAuctionResult, presentUserResult } from './search.presenter.js';
import { searchOpenAuctions, searchUsers } from './search.repository.js';

export interface SearchDeps {
  db: Db;
  now: () => Date;
}

/** docs/product.md §5: a search runs only for non-empty trimmed text; the schema has trimmed it already. */
export async function searchEverything(
  deps: SearchDeps,
  term: string,
  limit: number,
  viewerId?: string,
): Promise<SearchResults> {
  if (term === '') return { users: [], auctions: [] };
  const [userRows, auctionRows] = await Promise.all([
    searchUsers(deps.db, term, { limit, ...(viewerId ? { viewerId } : {}) }),
    searchOpenAuctions(deps.db, term, { limit, now: deps.now(), ...(viewerId ? { viewerId } : {}) }),
  ]);
  return { users: userRows.map(presentUserResult), auctions: auctionRows.map(presentAuctionResult) };
}

/** People to start a chat with: never the caller themselves. */
export async function searchPeople(
  deps: SearchDeps,
  callerId: string,
  term: string,
  limit: number,
): Promise<{ users: SearchUser[] }> {
  if (term === '') return { users: [] };
  const rows = await searchUsers(deps.db, term, { limit, excludeUserId: callerId, viewerId: callerId });
  return { users: rows.map(presentUserResult) };
}
