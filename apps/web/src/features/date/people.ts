import type { DateState } from '@bid/contract';
import { ApiError } from '@/lib/api';
import { readableServerMessage } from '@/lib/unauthorized';

export type DatePerson = DateState['host'];

/** The person the viewer meets: the winner for the host, the host for the winner (a moderator: the host). */
export function otherPersonOf(state: DateState): DatePerson {
  return state.viewerRole === 'host' ? state.winner : state.host;
}

/** A first name to show, never empty. */
export const firstNameOf = (person: Pick<DatePerson, 'firstName'>): string => person.firstName.trim() || 'Anonymous';

/** The one thing a failed date call shows: the server's message, or a plain fallback. */
export function errorText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return (error instanceof ApiError && readableServerMessage(error)) || fallback;
}
