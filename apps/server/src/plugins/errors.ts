import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';
import { validationError } from '../lib/validation.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The field a schema validation error names when its issue has no path (a body that is not
     * an object at all), like `parseOrThrow`'s `fallbackField`.
     */
    validationFallbackField?: string;
  }
}

const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Safe, readable messages for the errors Fastify itself raises before a route runs. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Requests with a body must send it as JSON (Content-Type: application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but declares JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

/**
 * PostgreSQL's invalid-input errors (SQLSTATE class 22 data exceptions a client value can cause:
 * bad text representation, NUL or untranslatable characters, too long, number or date out of
 * range). Such a value got past validation; it is the request that is wrong, not the server.
 */
const INVALID_INPUT_SQLSTATES = new Set(['22P02', '22021', '22P05', '22001', '22003', '22007', '22008']);
const INVALID_INPUT_MESSAGE =
  'The request contains a value that cannot be stored (for example a NUL character, or a number or date out of range).';

/**
 * The database is unreachable or going away: connection exceptions (class 08), an operator
 * shutting it down or a server starting up (57P01-57P03), too many connections (53300), a
 * statement or lock wait over its limit (57014, 55P03). The
 * request may well succeed a moment later, so it is a 503 with Retry-After, not a 500.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|57014|55P03)$/;
/** What node-postgres throws when the server closes or refuses the connection (no SQLSTATE). */
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
/**
 * node-postgres's own time limits (no code, only a message): no connection within the connect
 * limit, or no answer within the query limit (a frozen server). 57014 (statement limit) and
 * 55P03 (lock limit) above are the server's; all say "busy, try again" (docs/reliability.md).
 */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'timeout expired',
];
const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
const RETRY_AFTER_SECONDS = '2';

/** The error and the errors it wraps (`cause`, as Drizzle wraps the driver's), four deep at most. */
function* causeChain(error: unknown): Generator<{ code?: unknown; message?: unknown; cause?: unknown }> {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const link = current as { code?: unknown; message?: unknown; cause?: unknown };
    yield link;
    current = link.cause;
  }
}

function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causeChain(error)) {
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((start) => message.startsWith(start))) return true;
  }
  return false;
}

/** The SQLSTATE of a database error, whether the driver's own or wrapped by Drizzle (`cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (const { code } of causeChain(error)) {
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** `body` (an error body's JSON) with `requestId` added; anything else unchanged. */
function withRequestId(body: string, requestId: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
  const error = parsed as Record<string, unknown>;
  if (typeof error.message !== 'string' || typeof error.code !== 'string' || 'requestId' in error) return body;
  return JSON.stringify({ ...error, requestId });
}

/**
 * One error handler for the whole API (docs/engineering.md §3): known errors keep their status and
 * safe message; validation errors are 400 with the contract's message (docs/product.md §5); a value
 * the database refuses is a 400 and an unreachable database a 503 (docs/reliability.md);
 * anything else is a 500 that is logged in full and says nothing about internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.status(error.statusCode).send(error.toBody());
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((item) => ({
          message: item.message ?? 'Invalid request',
          path: item.instancePath.split('/').filter(Boolean),
        }));
        const fallbackField = request.routeOptions.config.validationFallbackField;
        return reply.status(400).send(validationError(issues, fallbackField).toBody());
      }
      const sqlState = sqlStateOf(error);
      if (sqlState && INVALID_INPUT_SQLSTATES.has(sqlState)) {
        // Logged, since it means a validation rule is missing for the value (docs/reliability.md).
        request.log.warn({ err: error, sqlState }, 'database refused an input value');
        return reply.status(400).send({ message: INVALID_INPUT_MESSAGE, code: 'invalid_input' });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        void reply.header('retry-after', RETRY_AFTER_SECONDS);
        return reply.status(503).send({ message: UNAVAILABLE_MESSAGE, code: 'unavailable' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message = FRAMEWORK_MESSAGES[error.code] ?? (error.validation ? 'Invalid request' : error.message);
        return reply.status(status).send({ message, code: error.code ?? 'bad_request' });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: INTERNAL_ERROR_MESSAGE, code: 'internal' });
    });

    // Every answer names its request, and every error body carries the id too (docs/decisions/
    // 0003-error-body.md): a member's screenshot of an error leads to the log lines. Done as the
    // body leaves, so refusals sent by hooks, the 404 handlers and Fastify itself get it as well.
    app.addHook('onSend', async (request, reply, payload) => {
      void reply.header('x-request-id', request.id);
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      return withRequestId(payload, request.id);
    });
  },
  { name: 'errors' },
);
