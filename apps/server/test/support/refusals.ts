import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** `res` is a refusal: `status`, with the message and code the browser shows (and a request id). */
export function expectRefusal(
  res: LightMyRequestResponse,
  status: number,
  message: string,
  code: string,
  label?: string,
): void {
  expect(res.statusCode, label).toBe(status);
  expect(res.json()).toEqual({ message, code, requestId: expect.any(String) });
}
