import { defineRoutes } from '../endpoint.js';

/** Health for load balancers and operators (docs/deploy.md), and the API's own description. */
export const healthRoutes = defineRoutes({
  getHealth: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
  },
  getLiveness: {
    method: 'GET',
    path: '/api/health/live',
    access: 'public',
  },
  getReadiness: {
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
  },
  getApiDocument: {
    method: 'GET',
    path: '/api/openapi.json',
    access: 'public',
  },
});
