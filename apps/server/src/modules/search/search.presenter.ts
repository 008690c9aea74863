import type { SearchAuction, SearchUser } from '@bid/contract';
import type { AuctionSearchRow, UserSearchRow } from './search.repository.js';

/** A person in search results: public profile fields only, never e-mail or account details. */
export function presentUserResult(row: UserSearchRow): SearchUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    location: row.location,
    age: row.age,
    bio: row.bio,
    interests: row.interests,
    identityVerified: row.identityVerificationStatus === 'verified',
  };
}

/** An auction in search results, with its creator's name only. */
export function presentAuctionResult(row: AuctionSearchRow): SearchAuction {
  return {
    id: row.id,
    title: row.title,
    dateType: row.dateType,
    currentBid: row.currentBid,
    endTime: row.endTime.toISOString(),
    location: row.location,
    description: row.description,
    bidCount: row.bidCount,
    creator: {
      id: row.creatorId,
      firstName: row.creatorFirstName,
      lastName: row.creatorLastName,
      identityVerified: row.creatorIdentityVerificationStatus === 'verified',
    },
  };
}
