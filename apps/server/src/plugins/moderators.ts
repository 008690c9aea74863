import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { notFound, unauthorized } from '../lib/errors.js';

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

/** The signed-in moderator's id; 401 without a session, 404 for a member who is not a moderator. */
export async function requireModerator(request: FastifyRequest, db: Db): Promise<string> {
  if (!request.userId) throw unauthorized();
  if (!(await isModerator(db, request.userId))) throw notFound(MODERATION_NOT_FOUND);
  return request.userId;
}
