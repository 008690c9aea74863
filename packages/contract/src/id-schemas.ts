import { z } from 'zod';
import { UUID_PATTERN } from './ids.js';

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

/** The `:userId` path parameter of a route; any string, answered like `idParamsSchema`'s. */
export const userIdParamsSchema = z.object({ userId: z.string() });

/** The `:grantId` of a local upload URL; checked by the route before anything else. */
export const grantIdParamsSchema = z.object({ grantId: z.string() });

/** The `:provider` of a sign-in callback; an unknown one is sent back to the sign-in screen. */
export const providerParamsSchema = z.object({ provider: z.string() });

/** The `:id` of GET /api/users/:id/presence; a malformed one is answered like an unknown member. */
export const presenceParamsSchema = z.object({ id: uuidSchema('Not found') });

/** The `:photoId` of a profile photo; any string, answered like `idParamsSchema`'s. */
export const photoIdParamsSchema = z.object({ photoId: z.string() });

/** The `:name` of a processed picture; an unknown one is a 404. */
export const imageNameParamsSchema = z.object({ name: z.string() });

/** The `:token` of a share-my-date link (docs/the-date.md); an unknown one is a 404. */
export const shareTokenParamsSchema = z.object({ token: z.string().max(200) });
