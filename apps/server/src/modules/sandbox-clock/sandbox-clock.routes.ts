import { advanceSandboxClockSchema, sandboxClockSchema } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../../plugins/auth.js';
import { advanceSandboxClock, getSandboxClock, type SandboxClockDeps } from './sandbox-clock.service.js';

/**
 * The test clock (docs/payments.md, "The test clock"). app.ts registers these routes only while
 * the payment sandbox runs outside production, so elsewhere they are 404 like the other sandbox
 * routes. Signed-in members only: the clock is a test facility, but moving it ends every auction
 * on the server, so an anonymous visitor may neither move it nor read it.
 */
export async function sandboxClockRoutes(app: FastifyInstance, deps: SandboxClockDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/sandbox/clock',
    { preValidation: requireSignedIn, schema: { response: { 200: sandboxClockSchema } } },
    () => getSandboxClock(deps),
  );

  // The sign-in check runs before the body's (preValidation), so nobody learns the rules anonymously.
  r.post(
    '/api/sandbox/clock',
    {
      preValidation: requireSignedIn,
      schema: { body: advanceSandboxClockSchema, response: { 200: sandboxClockSchema } },
    },
    (request) => advanceSandboxClock(deps, request.body.advanceMinutes),
  );
}
