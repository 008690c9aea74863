import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseApiErrorBody } from './errors.js';

describe('parseApiErrorBody', () => {
  it('reads the error body the server sends, with or without field and request id', () => {
    expect(parseApiErrorBody({ message: 'Auction not found', code: 'not_found', requestId: 'r-1' })).toEqual({
      message: 'Auction not found',
      code: 'not_found',
      requestId: 'r-1',
    });
    expect(parseApiErrorBody({ message: 'Amount is required', code: 'validation', field: 'amount' })).toEqual({
      message: 'Amount is required',
      code: 'validation',
      field: 'amount',
    });
  });

  it('is null for anything that is not an error body', () => {
    for (const value of [
      null,
      'Bad Gateway',
      42,
      [],
      { message: 'no code' },
      { code: 'no_message' },
      { message: 'x', code: 'y', field: 3 },
      { message: 'x', code: 'y', requestId: {} },
    ]) {
      expect(parseApiErrorBody(value)).toBeNull();
    }
  });

  it('keeps exactly the four fields of a valid body, whatever else it carries (property)', () => {
    fc.assert(
      fc.property(
        fc.record(
          { message: fc.string(), code: fc.string(), field: fc.string(), requestId: fc.string() },
          { requiredKeys: ['message', 'code'] },
        ),
        fc.dictionary(
          fc.string().filter((key) => key !== '__proto__'),
          fc.jsonValue(),
        ),
        (body, extra) => {
          expect(parseApiErrorBody({ ...extra, ...body })).toEqual(body);
        },
      ),
    );
  });
});
