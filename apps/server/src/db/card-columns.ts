import { auctions, users } from './schema/index.js';

/**
 * The short forms of a member and of an auction that several modules' lists select (Drizzle
 * select fields, spread into a query's own): one definition, so a card shows the same fields
 * wherever it is read.
 */

/** A member beside something else: id, name and photo (a blocked member, a search result, a chat's other person). */
export const memberCardColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
};

/** An auction's host on its card: their member card and whether their identity is verified. */
export const hostCardColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  // Before the photo: the key order the auction lists have always answered with (the benchmark's
  // api-overhead compares its bare route's JSON with GET /api/auctions byte for byte).
  identityVerificationStatus: users.identityVerificationStatus,
  profileImageUrl: users.profileImageUrl,
};

/** An auction in a short list (a member's open auctions, an auction search's page). */
export const auctionBriefColumns = {
  id: auctions.id,
  title: auctions.title,
  dateType: auctions.dateType,
  currentBid: auctions.currentBid,
  endTime: auctions.endTime,
};
