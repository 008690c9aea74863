import { api, type ApiBody } from '@/lib/apiClient';

/** Signs in (or signs up) and starts the session. */
export function completeEmailAuth(body: ApiBody<'completeEmailAuth'>) {
  return api('completeEmailAuth', { body });
}
