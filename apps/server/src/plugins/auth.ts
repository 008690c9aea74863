import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user; answers 401 otherwise. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in user's id, or a 401 for the error handler. Use cases call this first. */
export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized();
  return request.userId;
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('requireUser', async (request: FastifyRequest) => {
      requireUserId(request);
    });
  },
  { name: 'auth', dependencies: ['session'] },
);
