import { isDeclaredError } from '@bid/contract';
import { endpoints } from '@bid/contract/endpoints';
import type { FastifyInstance } from 'fastify';

export const CONTRACT_VIOLATION_CODE = 'contract_violation';

/**
 * The contract test the whole suite runs (docs/architecture.md, "Endpoints"): every answer of a
 * route registered from an endpoint is held to it. A JSON success body is already encoded by its
 * status's schema (plugins/endpoint-route.ts); this checks what the serializer cannot: that a
 * success status is one the endpoint declares, and that an error's code is one it may answer.
 *
 * Outside production a mismatch replaces the answer with a 500 naming it, so the test that caused
 * it fails; in production it is logged and the answer goes out unchanged.
 */
export function checkResponsesAgainstEndpoints(app: FastifyInstance, { enforce }: { enforce: boolean }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const name = request.routeOptions.config.endpoint;
    if (!name) return payload;
    const endpoint = endpoints[name];
    const status = reply.statusCode;
    let mismatch: string | null = null;
    if (status in endpoint.responses) {
      // A JSON body was encoded by this status's schema on its way out.
    } else if (status < 400) {
      mismatch = `status ${status} is not one of its responses`;
    } else {
      const code = errorCodeOf(payload);
      if (code === null) mismatch = `a ${status} without an error body`;
      else if (!isDeclaredError(endpoint, status, code)) mismatch = `${status} ${code} is not among its errors`;
    }
    if (mismatch === null) return payload;
    const message = `${endpoint.method} ${endpoint.path} (${name}) answered outside its endpoint: ${mismatch}`;
    request.log.error({ endpoint: name, status }, message);
    if (!enforce) return payload;
    void reply.status(500).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ message, code: CONTRACT_VIOLATION_CODE, requestId: request.id });
  });
}

function errorCodeOf(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const body = JSON.parse(payload) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : null;
  } catch {
    return null;
  }
}
