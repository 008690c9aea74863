import type { z } from 'zod';
import { AppError } from './errors.js';

/** The parts of a zod issue the answer uses (a Fastify schema validation error carries the same). */
export interface IssueLike {
  message: string;
  path: readonly PropertyKey[];
}

/**
 * The one answer to refused input (docs/product.md §5, docs/engineering.md §3): 400 with code
 * `validation`, the first issue's message (the contract's words) and the field its path names
 * (`a.b` for a nested one). `fallbackField` names the field when the issue has no path (a schema
 * of one field applied to the value alone). Used by the error handler for Fastify schema
 * validation and by the use cases that validate by hand, after checks the product puts first.
 */
export function validationError(issues: z.ZodError | readonly IssueLike[], fallbackField?: string): AppError {
  const issue = ('issues' in issues ? issues.issues : issues)[0];
  const field = issue?.path.map(String).join('.') || fallbackField;
  return new AppError(400, 'validation', issue?.message ?? 'Invalid request', field);
}

/** `value` parsed by `schema`, or the validation answer for its first issue. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, fallbackField?: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error, fallbackField);
}
