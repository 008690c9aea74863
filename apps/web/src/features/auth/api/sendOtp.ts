import { api, type ApiBody } from '@/lib/apiClient';

/**
 * Mails a one-time code to `email`. Sign-in sends the password too, which the server checks
 * first (a wrong one is a 401 and no code is sent).
 */
export function sendOtp(body: ApiBody<'sendSignInCode'>) {
  return api('sendSignInCode', { body });
}
