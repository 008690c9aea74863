import { z } from 'zod';
import { OTP_LENGTH } from './constants.js';

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

/** docs/product.md §5: the code input accepts digits only, at most six. */
export function sanitizeOtpInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}
