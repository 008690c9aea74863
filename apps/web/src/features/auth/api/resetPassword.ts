import { api, type ApiBody } from '@/lib/apiClient';

/** Mails a code for a new password (the same answer for any address). */
export function sendPasswordResetCode(email: string) {
  return api('sendPasswordResetCode', { body: { email } });
}

/** Sets the new password, ends every other session and signs in. */
export function resetPassword(body: ApiBody<'resetPassword'>) {
  return api('resetPassword', { body });
}
