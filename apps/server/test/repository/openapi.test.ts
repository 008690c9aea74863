import { ERROR_STATUS, errorsAnyEndpointMayAnswer } from '@bid/contract';
import { endpoints } from '@bid/contract/endpoints';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_REFERENCE_PREFIX } from '../../src/plugins/openapi.js';
import { createTestApp } from '../support/app.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';

// The published API (docs/architecture.md, "Endpoints"): GET /api/openapi.json is a valid
// OpenAPI 3.1 document, by a standard validator, that lists exactly the routes registered from
// endpoints, each with its access, schemas and error answers; /api/docs is its reference page.

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<string, { description?: string }>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** `/api/a/:id` as OpenAPI writes it: `/api/a/{id}`; a trailing wildcard (the rest of the path) is `{*}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{*}');

describe('the published API', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let document: OpenApiDocument;

  beforeAll(async () => {
    testDb = await testDatabaseFactories()[0]!.open();
    app = await createTestApp(testDb.database);
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    document = res.json<OpenApiDocument>();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists exactly the routes registered from endpoints', () => {
    const listed = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const registered = app.registeredRoutes
      .filter((route) => route.endpoint !== undefined)
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .sort();
    expect(listed).toEqual(registered);
    expect(listed.some((operation) => operation.includes(API_REFERENCE_PREFIX))).toBe(false);
  });

  it('gives each operation its name, summary, access and every error it may answer', () => {
    for (const route of app.registeredRoutes) {
      if (!route.endpoint) continue;
      const endpoint = endpoints[route.endpoint];
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, route.endpoint).toBeDefined();
      expect(operation!.operationId).toBe(route.endpoint);
      expect(operation!.summary).toBe(endpoint.summary);
      expect(operation!.security !== undefined, `${route.endpoint} security`).toBe(endpoint.access !== 'public');
      for (const status of Object.keys(endpoint.responses)) expect(operation!.responses).toHaveProperty(status);
      for (const code of [...endpoint.errors, ...errorsAnyEndpointMayAnswer(endpoint)]) {
        const answer = operation!.responses[String(ERROR_STATUS[code])];
        expect(answer?.description, `${route.endpoint} ${code}`).toContain(code);
      }
    }
  });

  it('has a reference page', async () => {
    const page = await app.inject({ method: 'GET', url: `${API_REFERENCE_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
  });
});
