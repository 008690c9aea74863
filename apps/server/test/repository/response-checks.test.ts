import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError, conflict, notFound } from '../../src/lib/errors.js';
import { route } from '../../src/plugins/endpoint-route.js';
import { CONTRACT_VIOLATION_CODE, checkResponsesAgainstEndpoints } from '../../src/plugins/response-checks.js';

// The contract test the whole suite runs (plugins/response-checks.ts, docs/architecture.md
// "Endpoints"): a route registered from an endpoint answers only what the endpoint declares.

let app: FastifyInstance;
afterEach(() => app?.close());

function appWithChecks(enforce: boolean): FastifyInstance {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) =>
    error instanceof AppError
      ? reply.status(error.statusCode).send(error.toBody())
      : reply.status(500).send({ message: 'internal', code: 'internal' }),
  );
  checkResponsesAgainstEndpoints(app, { enforce });
  return app;
}

describe('answers held to their endpoint', () => {
  it('lets a declared success and a declared error through unchanged', async () => {
    appWithChecks(true);
    route(app, 'getLiveness', async () => ({ status: 'ok' as const }));
    app.get('/probe/not-found', { config: { endpoint: 'deleteSavedSearch' } }, async () => {
      throw notFound();
    });
    expect((await app.inject('/api/health/live')).json()).toEqual({ status: 'ok' });
    const missing = await app.inject('/probe/not-found');
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'not_found']);
  });

  it('never lets out a field the response schema does not name', async () => {
    appWithChecks(true);
    route(app, 'getLiveness', async () => ({ status: 'ok' as const, sessionSecret: 'leak' }) as never);
    const res = await app.inject('/api/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('turns an undeclared status or error code into a 500 naming the mismatch, outside production', async () => {
    appWithChecks(true);
    app.get('/probe/accepted', { config: { endpoint: 'listSavedSearches' } }, async (_request, reply) =>
      reply.status(202).send({}),
    );
    app.get('/probe/conflict', { config: { endpoint: 'deleteSavedSearch' } }, async () => {
      throw conflict('Taken');
    });
    const accepted = await app.inject('/probe/accepted');
    expect(accepted.statusCode).toBe(500);
    expect(accepted.json()).toMatchObject({
      code: CONTRACT_VIOLATION_CODE,
      message: expect.stringContaining('listSavedSearches) answered outside its endpoint: status 202'),
    });
    const taken = await app.inject('/probe/conflict');
    expect(taken.statusCode).toBe(500);
    expect(taken.json().message).toContain('409 conflict is not among its errors');
  });

  it('only logs the mismatch in production, leaving the answer as it was', async () => {
    appWithChecks(false);
    app.get('/probe/conflict', { config: { endpoint: 'deleteSavedSearch' } }, async () => {
      throw conflict('Taken');
    });
    const taken = await app.inject('/probe/conflict');
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'conflict']);
  });
});
