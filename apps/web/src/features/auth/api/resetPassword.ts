import type { ResetPasswordInput, SendCodeResponse } from '@bid/contract';
import { apiRequest } from '@/lib/api';
import type { CompleteEmailAuthResponse } from './completeEmailAuth';

/** POST /api/auth/reset-password/send-code: mails a code for a new password (the same answer for any address). */
export async function sendPasswordResetCode(email: string): Promise<SendCodeResponse> {
  const res = await apiRequest('POST', '/api/auth/reset-password/send-code', { email });
  return (await res.json()) as SendCodeResponse;
}

/** POST /api/auth/reset-password: sets the new password, ends every other session and signs in. */
export async function resetPassword(input: ResetPasswordInput): Promise<CompleteEmailAuthResponse> {
  const res = await apiRequest('POST', '/api/auth/reset-password', input);
  return (await res.json()) as CompleteEmailAuthResponse;
}
