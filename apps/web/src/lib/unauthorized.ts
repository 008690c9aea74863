import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '@bid/contract';
import { ApiError } from './api';
import { apiUrl } from './apiClient';
import { notify } from './notices';

/**
 * docs/product.md §8 "Unauthorized": the one place a write that finds the session gone tells the user
 * and sends the browser to sign in again, after the spec's short delay.
 */
export function handleUnauthorized(): void {
  notify({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => {
    window.location.href = apiUrl('startProviderSignIn', { query: {} });
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}

export interface ErrorToastText {
  title: string;
  description: string;
}

/**
 * The failure path of a mutation: a 401 goes through `handleUnauthorized`; any other error
 * shows a destructive toast with the server's message, or the caller's fallback text when the
 * server gave none (or the request never reached it).
 */
export function onMutationError(error: unknown, fallback: ErrorToastText): void {
  const description = mutationErrorText(error, fallback.description);
  if (description !== null) notify({ title: fallback.title, description, variant: 'destructive' });
}

/**
 * The same failure path for a form that shows its error inline: null once a 401 has gone through
 * `handleUnauthorized` (nothing to show), else the server's message or the caller's fallback.
 */
export function mutationErrorText(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError && error.status === 401) {
    handleUnauthorized();
    return null;
  }
  return (error instanceof ApiError && readableServerMessage(error)) || fallback;
}

/**
 * The `message` of the server's error body (decision 0003), or '' when there is none:
 * a body-less answer or a proxy's HTML or text page is not a message for people, so callers
 * fall back to their own text.
 */
export function readableServerMessage(error: ApiError): string {
  return error.body?.message.trim() ?? '';
}
