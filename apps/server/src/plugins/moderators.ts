import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { notFound } from '../lib/errors.js';
import { requireSignedIn, signedInUserId } from './auth.js';

/**
 * Moderators (docs/trust-and-safety.md): the role comes from MODERATOR_EMAILS or the grant
 * command, never from the member. Moderation routes answer 404 to everyone else, as if they did
 * not exist, so a member learns nothing by probing them.
 */
export const MODERATION_NOT_FOUND = 'Not found';

export async function isModerator(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.role === 'moderator';
}

/**
 * Route options of a moderators' route: the sign-in guard (401 without a session), then a 404 for a
 * member who is not a moderator, both before the schemas (preValidation). The handler reads the
 * moderator's id with `signedInUserId`.
 */
export function moderatorOnly(db: Db) {
  return {
    preValidation: [
      requireSignedIn,
      async (request: FastifyRequest) => {
        if (!(await isModerator(db, signedInUserId(request)))) throw notFound(MODERATION_NOT_FOUND);
      },
    ],
  };
}
