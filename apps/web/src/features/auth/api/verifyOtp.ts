import { apiRequest } from '@/lib/api';

export interface VerifyOtpResponse {
  verificationToken: string;
  message: string;
}

/** POST /api/auth/verify-otp: trades a correct code for a short-lived, single-use token. */
export async function verifyOtp(email: string, otp: string): Promise<VerifyOtpResponse> {
  const res = await apiRequest('POST', '/api/auth/verify-otp', { email, otp });
  return (await res.json()) as VerifyOtpResponse;
}
