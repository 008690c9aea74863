import { type ApiErrorBody, parseApiErrorBody } from '@bid/contract';

/**
 * The data client of docs/product.md §7: every call sends credentials; a JSON body and its content
 * type only when there is a body; a non-OK response throws "<status>: <body text or
 * status text>" (docs/product.md §8).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /**
   * The server's error body (`{message, code, field?, requestId?}`, docs/decisions/0003-error-body.md),
   * or null when the answer held none: no body, or a proxy's HTML or text page.
   */
  readonly body: ApiErrorBody | null;

  constructor(
    readonly status: number,
    /** The response body as text (or the status text when the body was empty). */
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
    this.body = parseErrorBody(bodyText);
  }

  /** The server's human-readable message: `message` of the error body, else the body text. */
  get serverMessage(): string {
    return this.body?.message ?? this.bodyText;
  }
}

function parseErrorBody(text: string): ApiErrorBody | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return parseApiErrorBody(parsed);
}

/** The server's error body when `error` is an API error that carries one (else null). */
export function apiErrorBody(error: unknown): ApiErrorBody | null {
  return error instanceof ApiError ? error.body : null;
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, text);
}

/** `true` for values a query key's parameter object leaves out of the URL (docs/product.md §7). */
function isSkippedParam(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 'all' || value === 'any';
}

/** A query string of the values that say something: empty ones and the filters' "all" and "any" left out. */
export function queryStringOf(values: Readonly<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (!isSkippedParam(value)) params.append(key, String(value));
  }
  return params.toString();
}

/**
 * Builds a GET path from a query key: the first element is the path; a string second
 * element is appended as a path segment; an object second element becomes query
 * parameters, skipping empty values and the values `all` and `any`.
 */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  const [base, second] = queryKey;
  if (typeof base !== 'string') throw new TypeError('The first query-key element must be a path');
  if (typeof second === 'string' || typeof second === 'number') {
    return `${base.replace(/\/+$/, '')}/${encodeURIComponent(String(second))}`;
  }
  if (second && typeof second === 'object') {
    const query = queryStringOf(second as Record<string, unknown>);
    return query ? `${base}?${query}` : base;
  }
  return base;
}

/**
 * The form field a `400` answer's error body names, with its message, when `fieldOf` maps it onto
 * one of the form's fields (null otherwise). `code`, when given, must match too.
 */
export function serverFieldError<F extends string>(
  error: unknown,
  fieldOf: (field: string) => F | null | undefined,
  code?: string,
): { field: F; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body;
  if (!body?.field || (code !== undefined && body.code !== code)) return null;
  const field = fieldOf(body.field);
  return field ? { field, message: body.message } : null;
}
