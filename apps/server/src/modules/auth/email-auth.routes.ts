import { completeEmailAuthSchema, sendOtpSchema, verifyOtpSchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { presentSignedInUser } from './auth.service.js';
import { findUserById } from '../users/users.repository.js';
import {
  completeEmailAuth,
  sendSignInCode,
  verifySignInCode,
  type EmailAuthDeps,
  type EmailAuthOutcome,
} from './email-auth.service.js';
import { grantModeratorIfListed } from '../moderation/moderator-role.js';
import { auditSessionEvent } from './sign-in-audit.js';

const COMPLETE_MESSAGES: Record<EmailAuthOutcome, string> = {
  signed_in: 'Signed in',
  account_created: 'Account created',
  password_reset: 'Password updated and signed in',
};

/** SPEC §7 e-mail sign-in: send a code, verify it, then finish with a password. */
export async function emailAuthRoutes(
  app: FastifyInstance,
  deps: EmailAuthDeps & { /** MODERATOR_EMAILS: granted the role at sign-in. */ moderatorEmails?: readonly string[] },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/auth/send-otp', { schema: { body: sendOtpSchema } }, async (request) => {
    const result = await sendSignInCode(deps, { email: request.body.email, ip: request.ip });
    return { message: 'Verification code sent', ...result };
  });

  r.post('/api/auth/verify-otp', { schema: { body: verifyOtpSchema } }, async (request) => {
    const { verificationToken } = await verifySignInCode(deps, request.body);
    return { verificationToken, message: 'Code verified' };
  });

  r.post('/api/auth/complete-email-auth', { schema: { body: completeEmailAuthSchema } }, async (request, reply) => {
    let result: Awaited<ReturnType<typeof completeEmailAuth>>;
    try {
      result = await completeEmailAuth(deps, request.body, (userId) => app.sessions.endAllForUser(userId));
    } catch (error) {
      if (error instanceof AppError) {
        await auditSessionEvent(deps.db, request, {
          action: 'login',
          outcome: 'failure',
          method: 'email',
          reason: error.code,
        });
      }
      throw error;
    }
    await app.sessions.signIn(request, reply, result.userId);
    await grantModeratorIfListed(deps.db, result.userId, deps.moderatorEmails ?? []);
    await auditSessionEvent(deps.db, request, {
      action: 'login',
      outcome: 'success',
      userId: result.userId,
      method: 'email',
      reason: result.outcome,
    });
    const user = await findUserById(deps.db, result.userId);
    return { message: COMPLETE_MESSAGES[result.outcome], user: user ? await presentSignedInUser(deps.db, user) : null };
  });
}
