import type { DateState } from '@bid/contract';

export type DatePerson = DateState['host'];

/** The person the viewer meets: the winner for the host, the host for the winner (a moderator: the host). */
export function otherPersonOf(state: DateState): DatePerson {
  return state.viewerRole === 'host' ? state.winner : state.host;
}

/** A first name to show, never empty. */
export const firstNameOf = (person: DatePerson): string => person.firstName.trim() || 'Anonymous';

/** The one thing a failed date call shows: the server's message, or a plain fallback. */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error && typeof error === 'object' && 'serverMessage' in error) {
    const message = (error as { serverMessage: string }).serverMessage.trim();
    if (message) return message;
  }
  return fallback;
}
