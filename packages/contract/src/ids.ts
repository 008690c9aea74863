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

// The zod schemas of ids are in id-schemas.ts: this module is free of zod (docs/performance.md).
