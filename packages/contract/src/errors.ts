import { z } from 'zod';

/**
 * The body of every non-OK API response. The web client shows `message`; `code`
 * is stable for programs; `field` names the input a validation error is about;
 * `requestId` is the request's id (also in the `X-Request-Id` header and on every log line
 * of the request), so a screenshot of an error leads to its logs. The server adds it to
 * every error body as the answer leaves (docs/decisions/0003-error-body.md).
 */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Incoming `X-Request-Id` values kept as the request's id; anything else gets a new id. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
