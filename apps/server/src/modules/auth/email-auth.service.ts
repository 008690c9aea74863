import { ACCOUNT_SUSPENDED_MESSAGE, OTP_LENGTH } from '@bid/contract';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hexDigestsEqual, hmacHex, randomDigits, randomToken, sha256Hex } from '../../lib/secrets.js';
import {
  consumeCode,
  consumeVerificationToken,
  findUnusedCodes,
  findUserByEmail,
  insertCodeWithinLimits,
  insertUserWithPassword,
  insertVerificationToken,
  recordFailedAttempt,
  setPasswordHash,
} from './email-auth.repository.js';

/** GUIDE §5: a code lives 10 minutes and burns after 5 wrong tries. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const MAX_FAILED_ATTEMPTS = 5;
/** The proof of a verified e-mail must be used quickly: it only bridges two screens. */
export const VERIFICATION_TOKEN_LIFETIME_MS = 15 * 60 * 1000;

export const TOO_MANY_FOR_EMAIL_MESSAGE =
  'Too many codes were requested for this email. Please wait a few minutes and try again.';
export const TOO_MANY_FROM_NETWORK_MESSAGE = 'Too many codes were requested from your network. Please try again later.';
export const INVALID_CODE_MESSAGE = 'Invalid OTP';
export const EXPIRED_CODE_MESSAGE = 'This code has expired. Please request a new one.';
export const BURNED_CODE_MESSAGE = 'Too many wrong attempts. Please request a new code.';
export const INVALID_TOKEN_MESSAGE = 'Your verification has expired. Please request a new code.';
export const WRONG_PASSWORD_MESSAGE = 'Invalid email or password';
export const ACCOUNT_SUSPENDED_CODE = 'account_suspended';

export interface EmailAuthDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'revealCodesInResponse' | 'sessionSecret' | 'otpRateLimit'>;
  now: () => Date;
}

const codeHash = (secret: string, email: string, code: string) => hmacHex(secret, `${email}:${code}`);

/**
 * Sends a sign-in code. The answer is the same whether or not the address has an account,
 * so nobody can learn who is a member (see docs/accounts.md).
 */
export async function sendSignInCode(
  deps: EmailAuthDeps,
  input: { email: string; ip: string },
): Promise<{ devOtp?: string }> {
  const now = deps.now();
  const limits = deps.config.otpRateLimit;
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const code = randomDigits(OTP_LENGTH);
  // Limits count per e-mail AND address, so nobody elsewhere can use up a member's allowance
  // (docs/accounts.md); the per-e-mail ceiling only stops mail bombing.
  const refusal = await insertCodeWithinLimits(
    deps.db,
    {
      email: input.email,
      codeHash: codeHash(deps.config.sessionSecret, input.email, code),
      expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
      requestIp: input.ip,
      now,
    },
    {
      perEmailAndIp: { max: limits.perEmail, since: minutesAgo(limits.emailWindowMinutes) },
      perIp: { max: limits.perIp, since: minutesAgo(limits.ipWindowMinutes) },
      perEmail: { max: limits.perEmailCeiling, since: minutesAgo(limits.emailCeilingWindowMinutes) },
    },
  );
  if (refusal === 'address') throw tooManyRequests(TOO_MANY_FROM_NETWORK_MESSAGE);
  if (refusal) throw tooManyRequests(TOO_MANY_FOR_EMAIL_MESSAGE);
  await deps.mailer.send({
    to: input.email,
    subject: `Your BidYourDate code: ${code}`,
    text: `Your sign-in code is ${code}. It works once, for 10 minutes.\n\nIf you did not ask for it, you can ignore this email.`,
  });
  // Only on a developer's own machine (config/env.ts): anywhere else the code would let anyone sign in as anyone.
  return deps.config.revealCodesInResponse ? { devOtp: code } : {};
}

/** Checks a code and, once, exchanges it for a short-lived proof that the caller owns the e-mail. */
export async function verifySignInCode(
  deps: EmailAuthDeps,
  input: { email: string; otp: string },
): Promise<{ verificationToken: string }> {
  const now = deps.now();
  const unused = await findUnusedCodes(deps.db, input.email);
  // A new request never cancels a pending code from another address; each address keeps its last three.
  const live = unused.filter((code) => code.expiresAt.getTime() > now.getTime());
  if (unused.length === 0) throw badRequest(INVALID_CODE_MESSAGE, 'otp');
  if (live.length === 0) throw badRequest(EXPIRED_CODE_MESSAGE, 'otp');

  const entered = codeHash(deps.config.sessionSecret, input.email, input.otp);
  const stored = live.find((code) => hexDigestsEqual(code.codeHash, entered));
  if (!stored) {
    const failures = await recordFailedAttempt(
      deps.db,
      live.map((code) => code.id),
      now,
      MAX_FAILED_ATTEMPTS,
    );
    throw badRequest(failures >= MAX_FAILED_ATTEMPTS ? BURNED_CODE_MESSAGE : INVALID_CODE_MESSAGE, 'otp');
  }
  if (!(await consumeCode(deps.db, stored.id, now, MAX_FAILED_ATTEMPTS))) {
    // Burned, expired or used by a concurrent request between the read and this update.
    throw badRequest(INVALID_CODE_MESSAGE, 'otp');
  }

  const verificationToken = randomToken(32);
  await insertVerificationToken(deps.db, {
    tokenHash: sha256Hex(verificationToken),
    email: input.email,
    expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_LIFETIME_MS),
    now,
  });
  return { verificationToken };
}

export type EmailAuthOutcome = 'signed_in' | 'account_created' | 'password_reset';

/**
 * Finishes e-mail sign-in or sign-up. The caller has proved they own the address, so:
 * a new address gets an account (in either mode); sign-in checks the password; sign-up on
 * an existing account (or sign-in on an account without a password) sets a new password,
 * which is a password reset: the owner is told by mail and their other sessions end.
 */
export async function completeEmailAuth(
  deps: EmailAuthDeps,
  input: { verificationToken: string; password: string; isSignup: boolean },
  endOtherSessions: (userId: string) => Promise<unknown>,
): Promise<{ userId: string; email: string; outcome: EmailAuthOutcome }> {
  const now = deps.now();
  const email = await consumeVerificationToken(deps.db, sha256Hex(input.verificationToken), now);
  if (!email) throw badRequest(INVALID_TOKEN_MESSAGE, 'verificationToken');

  const existing = await findUserByEmail(deps.db, email);
  if (!existing) {
    const created = await insertUserWithPassword(deps.db, email, await hashPassword(input.password));
    // Another request created the same account in between; let the caller start again.
    if (!created) throw new AppError(409, 'conflict', 'Please try again.');
    return { userId: created.id, email, outcome: 'account_created' };
  }

  // The caller proved they own the address, so saying why is safe; a suspended member may
  // neither sign in nor set a new password (docs/trust-and-safety.md).
  if (existing.suspendedAt) throw new AppError(403, ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE);

  const isPasswordChange = input.isSignup || !existing.passwordHash;
  if (!isPasswordChange) {
    const ok = await verifyPassword(existing.passwordHash!, input.password);
    if (!ok) throw new AppError(401, 'invalid_credentials', WRONG_PASSWORD_MESSAGE);
    return { userId: existing.id, email, outcome: 'signed_in' };
  }

  await setPasswordHash(deps.db, existing.id, await hashPassword(input.password));
  await endOtherSessions(existing.id);
  await deps.mailer.send({
    to: email,
    subject: 'Your BidYourDate password was changed',
    text:
      'The password of your BidYourDate account was just set with a code sent to this address, ' +
      'and your other sessions were signed out.\n\nIf this was not you, request a new code and set a new password at once.',
  });
  return { userId: existing.id, email, outcome: 'password_reset' };
}
