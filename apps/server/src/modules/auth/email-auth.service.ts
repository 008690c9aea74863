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
  recordWrongGuess,
  setPasswordHash,
  withinGuessLimits,
} from './email-auth.repository.js';

/** docs/engineering.md §5: a code lives 10 minutes and burns after 5 wrong tries. */
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
export const NO_ACCOUNT_MESSAGE = 'No account uses this email. Sign up instead.';

export interface EmailAuthDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<AppConfig, 'revealCodesInResponse' | 'sessionSecret' | 'otpRateLimit'>;
  now: () => Date;
}

const codeHash = (secret: string, email: string, code: string) => hmacHex(secret, `${email}:${code}`);

/**
 * A hash of a random password nobody knows, verified whenever there is no real hash to check
 * (an unknown address, an account without a password), so the answer takes as long as for a
 * member's wrong password (docs/accounts.md). Made once per process, with the same settings.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken(32));
  return dummyHash;
}

/**
 * Whether `password` is the password of the account at `email`. Always runs one argon2
 * verification, against a dummy hash when there is no real one, so an unknown address and a
 * wrong password cost the same time and give the same answer.
 */
export async function isSignInPasswordRight(db: Db, email: string, password: string): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  const stored = user?.passwordHash ?? null;
  const matches = await verifyPassword(stored ?? (await dummyPasswordHash()), password);
  return matches && stored !== null;
}

/**
 * Stores a code within the sign-in code limits (docs/accounts.md) and returns it, or throws 429.
 * `attemptOnly` records the request for the limits without a usable code: a refused password
 * counts against the same allowance, so guessing passwords is no cheaper than asking for codes.
 */
async function issueCode(
  deps: EmailAuthDeps,
  input: { email: string; ip: string; attemptOnly?: boolean },
): Promise<string> {
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
      usable: !input.attemptOnly,
    },
    {
      perEmailAndIp: { max: limits.perEmail, since: minutesAgo(limits.emailWindowMinutes) },
      perIp: { max: limits.perIp, since: minutesAgo(limits.ipWindowMinutes) },
      perEmail: { max: limits.perEmailCeiling, since: minutesAgo(limits.emailCeilingWindowMinutes) },
    },
  );
  if (refusal === 'address') throw tooManyRequests(TOO_MANY_FROM_NETWORK_MESSAGE);
  if (refusal) throw tooManyRequests(TOO_MANY_FOR_EMAIL_MESSAGE);
  return code;
}

/** Only on a developer's own machine (config/env.ts): anywhere else the code would let anyone sign in as anyone. */
const revealed = (deps: EmailAuthDeps, code: string): { devOtp?: string } =>
  deps.config.revealCodesInResponse ? { devOtp: code } : {};

/**
 * Sends a sign-in code. Without a password (sign-up) the answer is the same whether or not the
 * address has an account, so nobody can learn who is a member (see docs/accounts.md). With a
 * password (sign-in) the password is checked first: a wrong one, or an address without an
 * account, gets the same 401 in the same time, and no code is sent.
 */
export async function sendSignInCode(
  deps: EmailAuthDeps,
  input: { email: string; ip: string; password?: string | undefined },
): Promise<{ devOtp?: string }> {
  const passwordRefused =
    input.password !== undefined && !(await isSignInPasswordRight(deps.db, input.email, input.password));
  const code = await issueCode(deps, { email: input.email, ip: input.ip, attemptOnly: passwordRefused });
  if (passwordRefused) throw new AppError(401, 'invalid_credentials', WRONG_PASSWORD_MESSAGE);
  await deps.mailer.send({
    to: input.email,
    subject: `Your BidYourDate code: ${code}`,
    text: `Your sign-in code is ${code}. It works once, for 10 minutes.\n\nIf you did not ask for it, you can ignore this email.`,
  });
  return revealed(deps, code);
}

/**
 * Sends a code to reset a forgotten password. Every address gets the same answer and the same
 * mail, account or not, so the answer tells nobody who is a member (docs/accounts.md).
 */
export async function sendPasswordResetCode(
  deps: EmailAuthDeps,
  input: { email: string; ip: string },
): Promise<{ devOtp?: string }> {
  const code = await issueCode(deps, input);
  await deps.mailer.send({
    to: input.email,
    subject: `Your BidYourDate password reset code: ${code}`,
    text:
      `Your code to set a new BidYourDate password is ${code}. It works once, for 10 minutes.\n\n` +
      'If you did not ask for it, you can ignore this email: your password stays as it is.',
  });
  return revealed(deps, code);
}

/**
 * Wrong codes are limited per e-mail and client address, and per address (docs/accounts.md,
 * "Codes and tokens"): past either limit the answer is 429 with Retry-After. A wrong code only
 * counts against the codes asked for from the same address, so these limits, not the five-try
 * burn, are what stop a stranger guessing from elsewhere.
 */
export const WRONG_CODE_LIMITS = {
  perEmailAndIp: { max: 10, windowMinutes: 15 },
  perIp: { max: 50, windowMinutes: 60 },
} as const;
export const TOO_MANY_WRONG_CODES_MESSAGE = 'Too many wrong codes. Please wait a few minutes and try again.';

/**
 * Uses up the right code for `email`, once, or throws a 400 that says why (wrong, expired,
 * burned), or a 429 past the wrong-code limits. The right code works from any address (a code
 * asked for on a laptop may be typed on a phone).
 */
async function consumeRightCode(deps: EmailAuthDeps, input: { email: string; otp: string; ip: string }): Promise<void> {
  const now = deps.now();
  const since = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const checked = await withinGuessLimits(
    deps.db,
    { email: input.email, ip: input.ip },
    {
      perEmailAndIp: {
        max: WRONG_CODE_LIMITS.perEmailAndIp.max,
        since: since(WRONG_CODE_LIMITS.perEmailAndIp.windowMinutes),
      },
      perIp: { max: WRONG_CODE_LIMITS.perIp.max, since: since(WRONG_CODE_LIMITS.perIp.windowMinutes) },
    },
    (tx) => checkCode(deps, tx, input, now),
  );
  if (checked.refused) {
    const windowMs = WRONG_CODE_LIMITS[checked.limit].windowMinutes * 60_000;
    const retryAfterSeconds = Math.max(1, Math.ceil((checked.freedAt.getTime() + windowMs - now.getTime()) / 1000));
    throw new AppError(429, 'rate_limited', TOO_MANY_WRONG_CODES_MESSAGE, undefined, retryAfterSeconds);
  }
  if (checked.result) throw checked.result;
}

/**
 * One check of a code, inside the limits' transaction. It returns the refusal rather than throwing
 * it, so the wrong try it recorded commits.
 */
async function checkCode(
  deps: EmailAuthDeps,
  tx: Db,
  input: { email: string; otp: string; ip: string },
  now: Date,
): Promise<AppError | undefined> {
  const unused = await findUnusedCodes(tx, input.email);
  // A new request never cancels a pending code from another address; each address keeps its last three.
  const live = unused.filter((code) => code.expiresAt.getTime() > now.getTime());
  const entered = codeHash(deps.config.sessionSecret, input.email, input.otp);
  const stored = live.find((code) => hexDigestsEqual(code.codeHash, entered));
  if (stored) {
    // Burned, expired or used by a concurrent request between the read and this update: refused.
    return (await consumeCode(tx, stored.id, now, MAX_FAILED_ATTEMPTS))
      ? undefined
      : badRequest(INVALID_CODE_MESSAGE, 'otp');
  }
  await recordWrongGuess(tx, { email: input.email, ip: input.ip, now });
  if (unused.length === 0) return badRequest(INVALID_CODE_MESSAGE, 'otp');
  if (live.length === 0) return badRequest(EXPIRED_CODE_MESSAGE, 'otp');
  // The try counts against the codes asked for from this address only (all of them, so several
  // codes give no extra guesses): a stranger elsewhere can never burn the member's code.
  const own = live.filter((code) => code.requestIp === input.ip);
  if (own.length === 0) return badRequest(INVALID_CODE_MESSAGE, 'otp');
  const failures = await recordFailedAttempt(
    tx,
    own.map((code) => code.id),
    now,
    MAX_FAILED_ATTEMPTS,
  );
  return badRequest(failures >= MAX_FAILED_ATTEMPTS ? BURNED_CODE_MESSAGE : INVALID_CODE_MESSAGE, 'otp');
}

/** Checks a code and, once, exchanges it for a short-lived proof that the caller owns the e-mail. */
export async function verifySignInCode(
  deps: EmailAuthDeps,
  input: { email: string; otp: string; ip: string },
): Promise<{ verificationToken: string }> {
  await consumeRightCode(deps, input);
  const now = deps.now();
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

  await replacePassword(deps, existing.id, email, input.password, endOtherSessions);
  return { userId: existing.id, email, outcome: 'password_reset' };
}

/**
 * A password set with a mailed code: the new one replaces the old, every session of the account
 * ends (their sockets close with them, docs/realtime.md) and the owner is told by mail.
 */
async function replacePassword(
  deps: EmailAuthDeps,
  userId: string,
  email: string,
  password: string,
  endSessions: (userId: string) => Promise<unknown>,
): Promise<void> {
  await setPasswordHash(deps.db, userId, await hashPassword(password));
  await endSessions(userId);
  await deps.mailer.send({
    to: email,
    subject: 'Your BidYourDate password was changed',
    text:
      'The password of your BidYourDate account was just set with a code sent to this address, ' +
      'and your other sessions were signed out.\n\nIf this was not you, request a new code and set a new password at once.',
  });
}

/**
 * Resets a forgotten password with the code mailed by `sendPasswordResetCode` (or any live code
 * for the address: each proves the caller reads the mailbox). A wrong or expired code changes
 * nothing and says the same for every address; only the mailbox owner learns there is no account.
 */
export async function resetPassword(
  deps: EmailAuthDeps,
  input: { email: string; otp: string; password: string; ip: string },
  endSessions: (userId: string) => Promise<unknown>,
): Promise<{ userId: string }> {
  await consumeRightCode(deps, input);
  const existing = await findUserByEmail(deps.db, input.email);
  if (!existing) throw new AppError(404, 'no_account', NO_ACCOUNT_MESSAGE, 'email');
  // A suspended member may not set a new password (docs/trust-and-safety.md).
  if (existing.suspendedAt) throw new AppError(403, ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE);
  await replacePassword(deps, existing.id, input.email, input.password, endSessions);
  return { userId: existing.id };
}
