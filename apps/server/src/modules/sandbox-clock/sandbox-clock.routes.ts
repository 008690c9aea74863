import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/endpoint-route.js';
import { advanceSandboxClock, getSandboxClock, type SandboxClockDeps } from './sandbox-clock.service.js';

/**
 * The test clock (docs/payments.md, "The test clock"). app.ts registers these routes only while
 * the payment sandbox runs outside production, so elsewhere they are 404 like the other sandbox
 * routes. Signed-in members only: the clock is a test facility, but moving it ends every auction
 * on the server, so an anonymous visitor may neither move it nor read it.
 */
export async function sandboxClockRoutes(app: FastifyInstance, deps: SandboxClockDeps) {
  route(app, 'getSandboxClock', () => getSandboxClock(deps));
  // The sign-in check runs before the body's (the endpoint's guard), so nobody learns the rules anonymously.
  route(app, 'advanceSandboxClock', (request) => advanceSandboxClock(deps, request.body.advanceMinutes));
}
