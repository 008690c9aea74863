import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Connects a contract schema to react-hook-form, so forms show exactly the messages the
 * server sends for the same rule (one contract, docs/product.md §5).
 */
export function zodResolver<TSchema extends z.ZodType<unknown, FieldValues>>(
  schema: TSchema,
): Resolver<z.input<TSchema> & FieldValues, unknown, z.output<TSchema> & FieldValues> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data as z.output<TSchema> & FieldValues, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      // The first problem of a field is the one to show.
      if (!(path in errors)) errors[path] = { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as unknown as FieldErrors<z.input<TSchema> & FieldValues> };
  };
}
