import { z } from 'zod';
import { OTP_LENGTH, SEXES } from './constants.js';
import { onboardingStateSchema } from './onboarding.js';
import { REVIEW_STATUSES, SCREENING_CATEGORIES, type ScreeningReason } from './screening.js';
import { USER_ROLES } from './trust.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** E-mail addresses are compared trimmed and lower-cased everywhere. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(320, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const otpSchema = z
  .string({ error: 'Please enter the 6-digit code' })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'Please enter the 6-digit code');

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/**
 * Sign-in sends the password with the code request, so a wrong one is refused before any code is
 * mailed (docs/accounts.md); sign-up sends the e-mail alone. Any length up to the maximum is
 * checked as typed: a length rule here would only tell a guesser which passwords cannot exist.
 */
export const sendOtpSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
    .optional(),
});
/** The answer to every code request (sign-in and password reset); `devOtp` only on a developer's machine. */
export const sendCodeResponseSchema = z.object({ message: z.string(), devOtp: z.string().optional() });
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>;
export const verifyOtpSchema = z.object({ email: emailSchema, otp: otpSchema });
export const completeEmailAuthSchema = z.object({
  verificationToken: z.string({ error: 'Verification token is required' }).min(1).max(256),
  password: passwordSchema,
  isSignup: z.boolean({ error: 'isSignup must be true or false' }),
});

/** Forgotten password, step 1: a code to the address (the same answer whether or not it has an account). */
export const resetPasswordSendCodeSchema = z.object({ email: emailSchema });
/** Forgotten password, step 2: the mailed code and the new password (the same rules as at sign-up). */
export const resetPasswordSchema = z.object({ email: emailSchema, otp: otpSchema, password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The answer to a correct code: a short-lived, single-use proof that the caller reads the mailbox. */
export const verifyOtpResponseSchema = z.object({ verificationToken: z.string(), message: z.string() });

const screeningReasonSchema = z.object({
  category: z.enum(SCREENING_CATEGORIES),
  field: z.string(),
  excerpt: z.string(),
}) satisfies z.ZodType<ScreeningReason>;

/**
 * The signed-in member as they may read themselves (GET /api/auth/user, and the answer of every
 * call that changes them). Password hashes, provider customer ids and identity documents are not
 * in it, so they never leave the server.
 */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  /** The screening held the bio: others do not see it until a moderator approves it. */
  bioReview: z.object({ status: z.enum(REVIEW_STATUSES), reasons: z.array(screeningReasonSchema) }).nullable(),
  age: z.number().nullable(),
  location: z.string().nullable(),
  country: z.string().nullable(),
  zipCode: z.string().nullable(),
  interests: z.array(z.string()),
  sex: z.enum(SEXES).nullable(),
  /** docs/product.md §3: the current-user response carries gender, with sex as fallback. */
  gender: z.enum(SEXES).nullable(),
  openToDatesWith: z.array(z.enum(SEXES)),
  identityVerificationStatus: z.string(),
  /** 'moderator' shows the Moderation link (docs/trust-and-safety.md); the server checks the role on every call. */
  role: z.enum(USER_ROLES),
  /** Which onboarding steps are still to show (docs/accounts.md "Onboarding"). */
  onboarding: onboardingStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The answer to a finished e-mail sign-in, sign-up or password reset: the session has started. */
export const signedInResponseSchema = z.object({ message: z.string(), user: currentUserSchema.nullable() });
export type SignedInResponse = z.infer<typeof signedInResponseSchema>;

/** docs/product.md §5: the code input accepts digits only, at most six. */
export function sanitizeOtpInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}
