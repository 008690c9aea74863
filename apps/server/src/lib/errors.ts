import type { ApiErrorBody } from '@bid/contract';

/**
 * The one error type use cases throw. `message` is safe to show to the user and is
 * what the web client displays; `code` is stable for programs and tests.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Sent as `Retry-After` (seconds) with the answer: a 429 that knows when the limit lifts. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return this.field === undefined
      ? { message: this.message, code: this.code }
      : { message: this.message, code: this.code, field: this.field };
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, 'bad_request', message, field);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooManyRequests = (message: string) => new AppError(429, 'rate_limited', message);
