import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseOrThrow, validationError } from './validation.js';

describe('validationError', () => {
  const schema = z.object({ name: z.string({ error: 'Name is required' }), place: z.object({ zip: z.string() }) });

  it('answers 400 validation with the first issue’s message and its field', () => {
    const error = validationError(schema.safeParse({ place: { zip: 'x' } }).error!);
    expect(error.statusCode).toBe(400);
    expect(error.toBody()).toEqual({ message: 'Name is required', code: 'validation', field: 'name' });
  });

  it('names a nested field with dots, and no field for a refused whole value', () => {
    expect(validationError(schema.safeParse({ name: 'a', place: {} }).error!).field).toBe('place.zip');
    expect(validationError(schema.safeParse('text').error!).field).toBeUndefined();
  });

  it('uses the fallback field when the issue has no path', () => {
    expect(() => parseOrThrow(z.string({ error: 'Amount is required' }), 3, 'amount')).toThrow(
      expect.objectContaining({ message: 'Amount is required', field: 'amount' }),
    );
    expect(parseOrThrow(z.string(), 'ok')).toBe('ok');
  });
});
