import { BLOCK_SELF_MESSAGE, type BlockedMember, displayNameOf, isUuid, USER_NOT_FOUND_MESSAGE } from '@bid/contract';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import {
  deleteBlock,
  findMemberToBlock,
  hasBlocked as findBlockBy,
  insertBlock,
  isBlockedBetween as findBlockBetween,
  listBlockedMembers,
} from './blocks.repository.js';

/** Whether a block keeps `a` and `b` apart, whichever of the two made it (blocks work both ways). */
export function isBlockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  return findBlockBetween(db, a, b);
}

/** Whether `blockerId` has blocked `blockedId` (one way: a profile hides itself from whom it blocked). */
export function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  return findBlockBy(db, blockerId, blockedId);
}

/** GET /api/blocks. */
export async function listBlocks(db: Db, userId: string): Promise<BlockedMember[]> {
  const rows = await listBlockedMembers(db, userId);
  return rows.map((row) => ({
    id: row.id,
    name: displayNameOf(row),
    profileImageUrl: row.profileImageUrl,
    blockedAt: row.blockedAt.toISOString(),
  }));
}

/**
 * POST /api/blocks {userId} (the route's schema checked the id): idempotent; blocking yourself is
 * a 400, an unknown member a 404.
 */
export async function blockMember(db: Db, userId: string, blockedId: string): Promise<BlockedMember> {
  if (blockedId === userId) throw badRequest(BLOCK_SELF_MESSAGE, 'userId');
  const blocked = await findMemberToBlock(db, blockedId);
  if (!blocked || blocked.deletedAt) throw notFound(USER_NOT_FOUND_MESSAGE);
  const blockedAt = await insertBlock(db, userId, blockedId);
  return {
    id: blocked.id,
    name: displayNameOf(blocked),
    profileImageUrl: blocked.profileImageUrl,
    blockedAt: blockedAt.toISOString(),
  };
}

/** DELETE /api/blocks/{userId}: 404 when the caller had not blocked that member. */
export async function unblockMember(db: Db, userId: string, blockedId: string): Promise<{ ok: true }> {
  if (!isUuid(blockedId) || !(await deleteBlock(db, userId, blockedId))) {
    throw notFound(USER_NOT_FOUND_MESSAGE);
  }
  return { ok: true };
}
