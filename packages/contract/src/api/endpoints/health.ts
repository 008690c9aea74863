import { z } from 'zod';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { healthRoutes as routes } from '../routes/health.js';

const classifierStatusSchema = z.object({
  state: z.enum(['idle', 'loading', 'ready', 'failed', 'closed']),
  loadMs: z.number().optional(),
  backend: z.string().optional(),
  error: z.string().optional(),
});

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.object({ kind: z.string(), ok: z.literal(true), latencyMs: z.number() }),
  photoClassifier: classifierStatusSchema,
});

export const degradedHealthSchema = z.object({
  status: z.literal('degraded'),
  database: z.object({ kind: z.string(), ok: z.literal(false) }),
});

/** Health for load balancers and operators (docs/deploy.md). */
export const healthEndpoints = {
  getHealth: defineEndpoint(routes.getHealth, {
    summary: 'The database and the photo classifier, as an operator sees them.',
    // 503 with Retry-After while the database is unreachable.
    responses: { 200: healthSchema, 503: degradedHealthSchema },
    errors: [],
  }),
  getLiveness: defineEndpoint(routes.getLiveness, {
    summary: 'The process answers (restart it when not).',
    responses: { 200: z.object({ status: z.literal('ok') }) },
    errors: [],
  }),
  getReadiness: defineEndpoint(routes.getReadiness, {
    summary: 'This instance should get traffic: migrations applied, the database answering, not draining.',
    responses: {
      200: z.object({ status: z.literal('ready') }),
      503: z.object({ status: z.enum(['draining', 'migrations pending', 'database unreachable']) }),
    },
    errors: [],
  }),
  getApiDocument: defineEndpoint(routes.getApiDocument, {
    summary: 'This API as an OpenAPI 3.1 document (the reference page is at /api/docs).',
    responses: { 200: { contentType: 'application/json', description: 'An OpenAPI 3.1 document.' } },
    errors: [],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;
