import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * Validates inside a use case, after the checks the spec puts before the form's own messages
 * (sign-in, profile completeness). The error body matches the error handler's validation
 * answers: `{message, code: 'validation', field}` with the contract's first message.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  throw new AppError(400, 'validation', issue?.message ?? 'Invalid request', field);
}
