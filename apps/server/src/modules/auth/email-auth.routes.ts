import {
  completeEmailAuthSchema,
  resetPasswordSchema,
  resetPasswordSendCodeSchema,
  sendOtpSchema,
  verifyOtpSchema,
} from '@bid/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { presentSignedInUser } from './auth.service.js';
import { findMember } from '../users/users.service.js';
import {
  completeEmailAuth,
  dummyPasswordHash,
  resetPassword,
  sendPasswordResetCode,
  sendSignInCode,
  verifySignInCode,
  type EmailAuthDeps,
  type EmailAuthOutcome,
} from './email-auth.service.js';
import { completeSignIn } from './complete-sign-in.js';
import { auditSessionEvent } from './sign-in-audit.js';

const COMPLETE_MESSAGES: Record<EmailAuthOutcome, string> = {
  signed_in: 'Signed in',
  account_created: 'Account created',
  password_reset: 'Password updated and signed in',
};

/** docs/product.md §7 e-mail sign-in: send a code, verify it, then finish with a password. */
export async function emailAuthRoutes(
  app: FastifyInstance,
  deps: EmailAuthDeps & { /** MODERATOR_EMAILS: granted the role at sign-in. */ moderatorEmails?: readonly string[] },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Made before the first request, so the first unknown address answers as fast as any other.
  await dummyPasswordHash();

  r.post('/api/auth/send-otp', { schema: { body: sendOtpSchema } }, async (request) => {
    const { email, password } = request.body;
    const result = await sendSignInCode(deps, { email, password, ip: request.ip });
    return { message: 'Verification code sent', ...result };
  });

  r.post('/api/auth/verify-otp', { schema: { body: verifyOtpSchema } }, async (request) => {
    const { verificationToken } = await verifySignInCode(deps, { ...request.body, ip: request.ip });
    return { verificationToken, message: 'Code verified' };
  });

  /** Runs a sign-in use case: audits a refusal, or starts the session and audits the success. */
  async function signInWith(
    request: FastifyRequest,
    reply: FastifyReply,
    method: string,
    run: () => Promise<{ userId: string; outcome: EmailAuthOutcome }>,
  ) {
    let result: { userId: string; outcome: EmailAuthOutcome };
    try {
      result = await run();
    } catch (error) {
      if (error instanceof AppError) {
        await auditSessionEvent(deps.db, request, { action: 'login', outcome: 'failure', method, reason: error.code });
      }
      throw error;
    }
    await completeSignIn(
      { db: deps.db, sessions: app.sessions, moderatorEmails: deps.moderatorEmails ?? [] },
      request,
      reply,
      { userId: result.userId, method, reason: result.outcome },
    );
    const user = await findMember(deps.db, result.userId);
    return { message: COMPLETE_MESSAGES[result.outcome], user: user ? await presentSignedInUser(deps.db, user) : null };
  }

  r.post('/api/auth/complete-email-auth', { schema: { body: completeEmailAuthSchema } }, (request, reply) =>
    signInWith(request, reply, 'email', () =>
      completeEmailAuth(deps, request.body, (userId) => app.sessions.endAllForUser(userId)),
    ),
  );

  // A forgotten password (docs/accounts.md): a code to the address, then the code and a new
  // password. Like a password set at sign-up, it ends every session and signs the caller in.
  r.post('/api/auth/reset-password/send-code', { schema: { body: resetPasswordSendCodeSchema } }, async (request) => {
    const result = await sendPasswordResetCode(deps, { email: request.body.email, ip: request.ip });
    return { message: 'Verification code sent', ...result };
  });

  r.post('/api/auth/reset-password', { schema: { body: resetPasswordSchema } }, (request, reply) =>
    signInWith(request, reply, 'password_reset', async () => {
      const { userId } = await resetPassword(deps, { ...request.body, ip: request.ip }, (id) =>
        app.sessions.endAllForUser(id),
      );
      return { userId, outcome: 'password_reset' as const };
    }),
  );
}
