import { apiRequest } from '@/lib/api';
import type { CurrentUser } from '@/lib/useAuth';

export interface CompleteEmailAuthInput {
  verificationToken: string;
  password: string;
  isSignup: boolean;
}

export interface CompleteEmailAuthResponse {
  message: string;
  user: CurrentUser;
}

/** POST /api/auth/complete-email-auth: signs in (or signs up) and starts the session. */
export async function completeEmailAuth(input: CompleteEmailAuthInput): Promise<CompleteEmailAuthResponse> {
  const res = await apiRequest('POST', '/api/auth/complete-email-auth', input);
  return (await res.json()) as CompleteEmailAuthResponse;
}
