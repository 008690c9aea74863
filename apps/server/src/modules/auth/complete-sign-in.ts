import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { SessionManager } from '../../plugins/session.js';
import { grantModeratorIfListed } from '../moderation/moderator-role.js';
import { auditSessionEvent } from './sign-in-audit.js';

export interface CompleteSignInDeps {
  db: Db;
  sessions: Pick<SessionManager, 'signIn'>;
  /** MODERATOR_EMAILS: granted the role at sign-in (docs/trust-and-safety.md). */
  moderatorEmails: readonly string[];
}

/**
 * The steps every successful sign-in ends with, whichever way the member proved who they are
 * (the e-mail code, a password reset, a sign-in provider; docs/accounts.md): a new session and
 * its cookie, the moderator role when the address is listed, and the audit line (method and
 * reason, never a secret).
 */
export async function completeSignIn(
  deps: CompleteSignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  signIn: { userId: string; method: string; reason: string },
): Promise<void> {
  await deps.sessions.signIn(request, reply, signIn.userId);
  await grantModeratorIfListed(deps.db, signIn.userId, deps.moderatorEmails);
  await auditSessionEvent(deps.db, request, {
    action: 'login',
    outcome: 'success',
    userId: signIn.userId,
    method: signIn.method,
    reason: signIn.reason,
  });
}
