import {
  displayNameOf,
  isTopHost,
  isUuid,
  MEMBER_OPEN_AUCTIONS_LIMIT,
  type PublicMember,
  USER_NOT_FOUND_MESSAGE,
} from '@bid/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { hasBlocked } from '../blocks/blocks.service.js';
import { isModerator } from '../../plugins/moderators.js';
import { findReputation } from '../feedback/reputation.js';
import { findUserById, listOpenAuctionsOf, listPhotoUrls } from './users.repository.js';

/**
 * GET /api/users/{id}: another member's public page (docs/trust-and-safety.md). A member who
 * blocked the viewer, a suspended or a deleted member is a 404 (moderators still see suspended
 * members); a member the viewer blocked stays visible so they can be unblocked there.
 */
export async function getPublicMember(db: Db, viewerId: string, id: string, now: Date): Promise<PublicMember> {
  if (!isUuid(id)) throw notFound(USER_NOT_FOUND_MESSAGE);
  const user = await findUserById(db, id);
  if (!user || user.deletedAt) throw notFound(USER_NOT_FOUND_MESSAGE);
  const isMe = user.id === viewerId;
  if (!isMe) {
    if (user.suspendedAt && !(await isModerator(db, viewerId))) throw notFound(USER_NOT_FOUND_MESSAGE);
    if (await hasBlocked(db, user.id, viewerId)) throw notFound(USER_NOT_FOUND_MESSAGE);
  }
  const reputation = await findReputation(db, user.id);
  const photos = await listPhotoUrls(db, user.id);
  const open = await listOpenAuctionsOf(db, user.id, now, MEMBER_OPEN_AUCTIONS_LIMIT);
  return {
    id: user.id,
    name: displayNameOf(user),
    firstName: user.firstName,
    age: user.age,
    location: user.location,
    // A bio the screening held shows only to its owner (docs/trust-and-safety.md "Screening").
    bio: isMe || user.bioReviewStatus === 'approved' ? user.bio : null,
    interests: user.interests,
    profileImageUrl: user.profileImageUrl,
    identityVerified: user.identityVerificationStatus === 'verified',
    reputation,
    isTopHost: isTopHost(reputation),
    // The main photo first, then the others in the member's order (the profile page is photo-first).
    photos: photos.length > 0 ? photos : user.profileImageUrl ? [user.profileImageUrl] : [],
    openAuctions: open.map((a) => ({
      id: a.id,
      title: a.title,
      dateType: a.dateType,
      currentBid: a.currentBid,
      endTime: a.endTime.toISOString(),
    })),
    isBlockedByMe: isMe ? false : await hasBlocked(db, viewerId, user.id),
    isMe,
  };
}
