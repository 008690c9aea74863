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
