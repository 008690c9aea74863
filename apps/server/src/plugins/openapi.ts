import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_STATUS, errorsAnyEndpointMayAnswer, type ErrorCode } from '@bid/contract';
import { endpoints, type Endpoint } from '@bid/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from './session.js';

/** Where the reference page lives; its own files are not endpoints of the API. */
export const API_REFERENCE_PREFIX = '/api/docs';

/** The error body every failed answer carries (docs/decisions/0003-error-body.md). */
const errorBodyShape = {
  message: z.string().describe('Safe to show to the member.'),
  code: z.string().describe('Stable for programs: one of the codes this answer lists.'),
  field: z.string().optional().describe('The input a validation error is about.'),
  requestId: z.string().optional().describe('The request id, also in the X-Request-Id header and the logs.'),
};
const errorBodySchema = z.object(errorBodyShape);
// Named, so each error answer refers to the one definition in the document's components.
z.globalRegistry.add(errorBodySchema, { id: 'ErrorBody' });

/** That definition (built from the same shape: the named schema would refer to itself). */
function errorBodyJsonSchema(): Record<string, unknown> {
  const json = z.toJSONSchema(z.object(errorBodyShape), { target: 'draft-2020-12' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

const isZodSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The statuses an endpoint may fail with, each with the codes it may carry. */
function errorCodesByStatus(endpoint: Endpoint): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...endpoint.errors, ...errorsAnyEndpointMayAnswer(endpoint)])) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

/**
 * The published API (docs/architecture.md, "Endpoints"): an OpenAPI 3.1 document generated from
 * the contract's endpoints the routes were registered from, at `GET /api/openapi.json`, and its
 * reference page at `/api/docs`. Routes that are not endpoints (the web app's pages, the
 * WebSocket, the reference page's own files) are left out.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, { version }: { version: string }): Promise<void> => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'BidYourDate API',
          version,
          description:
            'Every endpoint of the web app, generated from the shared contract. Calls that change something take JSON ' +
            'or nothing and are refused cross-site; failed answers carry the error body below with a stable code.',
        },
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: SESSION_COOKIE,
              description: 'The session cookie set by signing in (docs/accounts.md).',
            },
          },
          // Defined once here; every error answer refers to it.
          schemas: { ErrorBody: errorBodyJsonSchema() },
        },
      },
      transform: (document) => {
        const name = document.route.config?.endpoint;
        if (!name) return { schema: { hide: true }, url: document.url };
        const endpoint: Endpoint = endpoints[name];
        const response: Record<string, unknown> = {};
        for (const [status, spec] of Object.entries(endpoint.responses)) {
          if (isZodSchema(spec)) response[status] = spec;
          else if (spec === null || spec === undefined) response[status] = z.null().describe('No content.');
          else
            response[status] = {
              description: spec.description,
              content: { [spec.contentType]: { schema: z.string() } },
            };
        }
        for (const [status, codes] of errorCodesByStatus(endpoint)) {
          response[status] = {
            description: `Codes: ${codes.join(', ')}.`,
            content: { 'application/json': { schema: errorBodySchema } },
          };
        }
        const transformed = jsonSchemaTransform({
          ...document,
          schema: {
            ...document.schema,
            // A body its use case checks is not on the route's schema, yet it is the call's body.
            ...(endpoint.body ? { body: endpoint.body } : {}),
            response,
            operationId: name,
            summary: endpoint.summary,
            tags: [endpoint.path.split('/')[2] ?? 'api'],
            ...(endpoint.access === 'public' ? {} : { security: [{ session: [] }] }),
            ...(endpoint.access === 'moderator' ? { description: 'Moderators only: anyone else gets 404.' } : {}),
          },
        });
        return transformed;
      },
    });
    await app.register(swaggerUi, {
      routePrefix: API_REFERENCE_PREFIX,
      // No call to the public validator badge: the page works offline, within the app's own policy.
      uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
      // The page loads only its own scripts, so the app's Content-Security-Policy (plugins/security.ts) serves it.
      staticCSP: false,
    });
  },
  { name: 'openapi' },
);
