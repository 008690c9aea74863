import { api } from '@/lib/apiClient';

/** Trades a correct code for a short-lived, single-use token. */
export function verifyOtp(email: string, otp: string) {
  return api('verifySignInCode', { body: { email, otp } });
}
