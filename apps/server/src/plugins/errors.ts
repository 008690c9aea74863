import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';

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

/** The SQLSTATE of a database error, whether the driver's own or wrapped by Drizzle (`cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * One error handler for the whole API (GUIDE §3): known errors keep their status and
 * safe message; validation errors are 400 with the contract's message (SPEC §5);
 * anything else is a 500 that is logged in full and says nothing about internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send(error.toBody());
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
        const message = first?.message ?? 'Invalid request';
        return reply.status(400).send(field ? { message, code: 'validation', field } : { message, code: 'validation' });
      }
      const sqlState = sqlStateOf(error);
      if (sqlState && INVALID_INPUT_SQLSTATES.has(sqlState)) {
        // Logged, since it means a validation rule is missing for the value (docs/reliability.md).
        request.log.warn({ err: error, sqlState }, 'database refused an input value');
        return reply.status(400).send({ message: INVALID_INPUT_MESSAGE, code: 'invalid_input' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const message = FRAMEWORK_MESSAGES[error.code] ?? (error.validation ? 'Invalid request' : error.message);
        return reply.status(status).send({ message, code: error.code ?? 'bad_request' });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: INTERNAL_ERROR_MESSAGE, code: 'internal' });
    });
  },
  { name: 'errors' },
);
