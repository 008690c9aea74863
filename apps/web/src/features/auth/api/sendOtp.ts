import type { SendCodeResponse } from '@bid/contract';
import { apiRequest } from '@/lib/api';

export type SendOtpResponse = SendCodeResponse;

/**
 * POST /api/auth/send-otp: mails a one-time code to `email`. Sign-in sends the password too, which
 * the server checks first (a wrong one is a 401 and no code is sent).
 */
export async function sendOtp(input: { email: string; password?: string }): Promise<SendOtpResponse> {
  const res = await apiRequest('POST', '/api/auth/send-otp', input);
  return (await res.json()) as SendOtpResponse;
}
