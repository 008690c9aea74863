/**
 * The body of every non-OK API response. The web client shows `message`; `code`
 * is stable for programs; `field` names the input a validation error is about;
 * `requestId` is the request's id (also in the `X-Request-Id` header and on every log line
 * of the request), so a screenshot of an error leads to its logs. The server adds it to
 * every error body as the answer leaves (docs/decisions/0003-error-body.md).
 */
export interface ApiErrorBody {
  message: string;
  code: string;
  field?: string;
  requestId?: string;
}

/**
 * `value` as an error body, or null when it is not one (a proxy's HTML page, a body without a
 * code). Written without zod: the web app reads every failed answer with it, and zod stays out
 * of the first pages (docs/performance.md).
 */
export function parseApiErrorBody(value: unknown): ApiErrorBody | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { message, code, field, requestId } = value as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string') return null;
  if (field !== undefined && typeof field !== 'string') return null;
  if (requestId !== undefined && typeof requestId !== 'string') return null;
  return {
    message,
    code,
    ...(field === undefined ? {} : { field }),
    ...(requestId === undefined ? {} : { requestId }),
  };
}

/** Incoming `X-Request-Id` values kept as the request's id; anything else gets a new id. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
