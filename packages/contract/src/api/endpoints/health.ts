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
    // 503 with Retry-After while the database is unreachable.
    responses: { 200: healthSchema, 503: degradedHealthSchema },
    errors: [],
  }),
  getLiveness: defineEndpoint(routes.getLiveness, {
    responses: { 200: z.object({ status: z.literal('ok') }) },
    errors: [],
  }),
  getReadiness: defineEndpoint(routes.getReadiness, {
    responses: {
      200: z.object({ status: z.literal('ready') }),
      503: z.object({ status: z.enum(['draining', 'migrations pending', 'database unreachable']) }),
    },
    errors: [],
  }),
  getApiDocument: defineEndpoint(routes.getApiDocument, {
    responses: { 200: { contentType: 'application/json', description: 'An OpenAPI 3.1 document.' } },
    errors: [],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;
