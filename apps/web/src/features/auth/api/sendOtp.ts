import { apiRequest } from '@/lib/api';

export interface SendOtpResponse {
  message: string;
  /** Only outside production, when no mail service is configured (SPEC §7). */
  devOtp?: string;
}

/** POST /api/auth/send-otp: mails a one-time code to `email`. */
export async function sendOtp(email: string): Promise<SendOtpResponse> {
  const res = await apiRequest('POST', '/api/auth/send-otp', { email });
  return (await res.json()) as SendOtpResponse;
}
