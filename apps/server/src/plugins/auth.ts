import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors.js';

/**
 * The one way a route requires a signed-in member (docs/architecture.md, "One way each"): its
 * options name this guard in `preValidation`, which runs after JSON parsing and before the
 * schemas, so a visitor gets the 401 before any word about the query or the body.
 * `test/repository/signed-in-routes.test.ts` holds every route to it.
 */
export async function requireSignedIn(request: FastifyRequest): Promise<void> {
  if (!request.userId) throw unauthorized();
}

/**
 * The signed-in member's id in the handler of a route guarded by `requireSignedIn`. Called on a
 * route without the guard it fails loudly (a 500): it is a wiring mistake, never an answer.
 */
export function signedInUserId(request: FastifyRequest): string {
  if (!request.userId) {
    throw new Error(
      `${request.method} ${request.routeOptions.url ?? request.url} reads the member without requireSignedIn`,
    );
  }
  return request.userId;
}

/** Whether a route's `preValidation` option includes `requireSignedIn` (the route list records it). */
export function hasSignedInGuard(preValidation: unknown): boolean {
  const hooks = Array.isArray(preValidation) ? preValidation : [preValidation];
  return hooks.includes(requireSignedIn);
}
