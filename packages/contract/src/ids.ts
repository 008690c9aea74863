import { z } from 'zod';

/**
 * Ids (docs/engineering.md §3): every id the API hands out is a uuid. One spelling of the rule for
 * the server and the web app. A malformed id names nothing: the server answers it like an unknown
 * one (404) rather than passing it to the database, which would refuse it.
 */

/** The uuid text form (lower case, 8-4-4-4-12 hex digits), for building larger patterns. */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A uuid in either case, as PostgreSQL's uuid type accepts it. */
export const UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`, 'i');
/** A uuid as the server writes it: lower case only (conversation ids, signed tokens, object keys). */
export const CANONICAL_UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`);

/** A uuid in either case: a value the database can look up. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/** A uuid in the server's own spelling (lower case). */
export const isCanonicalUuid = (value: unknown): value is string =>
  typeof value === 'string' && CANONICAL_UUID_PATTERN.test(value);

/**
 * A uuid field. `message` is the answer for a string that is not a uuid; `typeMessage` (when
 * given) for a value that is not a string at all, else zod's own wording.
 */
export function uuidSchema(message = 'Invalid id', typeMessage?: string) {
  const text = typeMessage === undefined ? z.string() : z.string({ error: typeMessage });
  return text.regex(UUID_PATTERN, message);
}

/** An auction id in a body or a query. */
export const auctionIdSchema = uuidSchema('Auction not found');
/** A member id in a body or a query. */
export const userIdSchema = uuidSchema('User not found');

/**
 * The `:id` path parameter of a route. Any string: the use case answers a malformed id like an
 * unknown one (404 with the resource's own message), not as a validation error.
 */
export const idParamsSchema = z.object({ id: z.string() });
