import {
  type CreateSavedSearchInput,
  isUuid,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedSearchList,
} from '@bid/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { boundingBox, geocode, type Coordinates } from '../../lib/geo.js';
import type { RealtimePublisher } from '../realtime/hub.js';
import { findMember } from '../users/users.service.js';
import { presentSavedSearch } from './saved-searches.presenter.js';
import {
  deleteSavedSearch,
  insertSavedSearchMatches,
  insertSavedSearchWithinLimit,
  listSavedSearches,
  queueAuctionAnnouncement,
} from './saved-searches.repository.js';

export interface SavedSearchesDeps {
  db: Db;
  now: () => Date;
}

/** The `box` a search near `center` covers: every point within `miles`, as lib/geo.ts bounds it. */
function areaOf(center: Coordinates, miles: number): string {
  const box = boundingBox(center, miles);
  const minLongitude = box.minLongitude ?? -180;
  const maxLongitude = box.maxLongitude ?? 180;
  return `(${maxLongitude},${box.maxLatitude}),(${minLongitude},${box.minLatitude})`;
}

/**
 * POST /api/saved-searches (docs/auctions.md "Saved searches"). A radius needs a centre: the
 * place named in `location` (through the same gazetteer as auctions), else the member's own
 * profile location, as browse measures from where the visitor is. At most 20 per member.
 */
export async function createSavedSearch(
  deps: SavedSearchesDeps,
  userId: string,
  input: CreateSavedSearchInput,
): Promise<SavedSearch> {
  const { name, query, dateType, location, radius, priceRange } = input;
  const user = await findMember(deps.db, userId);
  if (!user) throw unauthorized();

  let centre: Coordinates | null = null;
  if (location) {
    centre = geocode({ location });
    if (!centre) throw badRequest(SAVED_SEARCH_MESSAGES.unknownPlace, 'location');
  } else if (radius && user.latitude !== null && user.longitude !== null) {
    centre = { latitude: Number(user.latitude), longitude: Number(user.longitude) };
  }
  if (radius && !centre) throw badRequest(SAVED_SEARCH_MESSAGES.noPlaceForRadius, 'location');
  const miles = radius ? Number(radius) : null;

  const row = await insertSavedSearchWithinLimit(
    deps.db,
    {
      userId,
      name,
      query: query ? query.toLowerCase() : null,
      dateType: dateType ?? 'all',
      priceRange: priceRange ?? 'any',
      location: location ?? null,
      radiusMiles: miles,
      latitude: centre && miles ? centre.latitude.toFixed(8) : null,
      longitude: centre && miles ? centre.longitude.toFixed(8) : null,
      area: centre && miles ? areaOf(centre, miles) : null,
      createdAt: deps.now(),
    },
    SAVED_SEARCHES_MAX,
  );
  if (!row) throw conflict(SAVED_SEARCH_MESSAGES.tooMany);
  return presentSavedSearch(row);
}

/** GET /api/saved-searches: the member's own, oldest first. */
export async function listMySavedSearches(deps: SavedSearchesDeps, userId: string): Promise<SavedSearchList> {
  const rows = await listSavedSearches(deps.db, userId);
  return { savedSearches: rows.map(presentSavedSearch) };
}

/** DELETE /api/saved-searches/{id}: another member's search is answered like a missing one (404). */
export async function deleteMySavedSearch(deps: SavedSearchesDeps, userId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await deleteSavedSearch(deps.db, userId, id))) {
    throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  }
}

/**
 * "An auction became visible" (docs/auctions.md "Saved searches"): published, or approved where
 * listings are held for review. Queues it in the transaction that made it visible (pass that
 * transaction), so the match cannot be lost; the match itself runs after the commit
 * (`SavedSearchAnnouncer.announce`), never holding up the publishing request.
 */
export async function queueVisibleAuction(tx: Db, auctionId: string): Promise<void> {
  await queueAuctionAnnouncement(tx, auctionId);
}

/**
 * Matches a queued auction: tells every member whose saved search matches it, once per auction,
 * in one statement that also takes it off the queue (nothing when it is not queued, or another
 * instance is matching it). Returns the members told: `publishNoticesChanged` refreshes their bells.
 */
export async function announceVisibleAuction(db: Db, auctionId: string, now: Date): Promise<string[]> {
  return insertSavedSearchMatches(db, auctionId, now);
}

/** Refreshes the bells of the members `announceVisibleAuction` told (after its statement committed). */
export function publishNoticesChanged(realtime: RealtimePublisher | undefined, userIds: readonly string[]): void {
  for (const userId of userIds) realtime?.publishToUser(userId, { type: 'notifications_changed' });
}
