import { defineRoutes } from '../endpoint.js';

/** Health for load balancers and operators (docs/deploy.md), and the API's own description. */
export const healthRoutes = defineRoutes({
  getHealth: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'The database and the photo classifier, as an operator sees them.',
  },
  getLiveness: {
    method: 'GET',
    path: '/api/health/live',
    access: 'public',
    summary: 'The process answers (restart it when not).',
  },
  getReadiness: {
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    summary: 'This instance should get traffic: migrations applied, the database answering, not draining.',
  },
  getApiDocument: {
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
    summary: 'This API as an OpenAPI 3.1 document (the reference page is at /api/docs).',
  },
});
