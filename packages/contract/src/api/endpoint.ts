import type { z } from 'zod';

/**
 * How an API endpoint is defined, once, for both ends (docs/decisions/0012-typed-endpoints.md):
 * its route line (method, path, who may call it) in `routes/`, free of
 * zod so the web app's first pages load no schema; its summary and schemas (params, query, body, every
 * success status, the error codes it may answer) in `endpoints/`, which the server registers
 * routes from, the OpenAPI document is generated from, and the web client is typed from.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint: anyone; a signed-in member (401 otherwise); a moderator (401 without a
 * session, 404 to a member who is not one, as if the route did not exist: docs/trust-and-safety.md).
 */
export type Access = 'public' | 'member' | 'moderator';

/** The part of an endpoint the browser needs at run time: no schemas. */
export interface ApiRoute {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly access: Access;
}

/** A success answer that is not JSON (a file, a calendar, a page) or a redirect. */
export interface RawResponse {
  readonly contentType: string;
  readonly description: string;
}

/** A success answer: a JSON body checked by its schema, a raw body, or no body (`null`). */
export type ResponseSpec = z.ZodType | RawResponse | null;

export interface EndpointSchemas {
  /** One line for the reference page (`/api/docs`); here, not in the route line, so the web app never loads it. */
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * True when the use case checks the body itself, after sign-in and the state of what it acts on,
   * so its answers come in the order docs/product.md §5 gives (create and edit an auction, place a
   * bid). `body` is then what the reference page shows; the server does not apply it.
   */
  readonly bodyCheckedByUseCase?: true;
  /**
   * Every answer that is not an error body, by status: successes, redirects, and the few answers
   * whose failure is a document of its own (the health checks' 503).
   */
  readonly responses: Readonly<Partial<Record<number, ResponseSpec>>>;
  /** The error codes this endpoint answers besides the ones every endpoint may (`errorsAnyEndpointMayAnswer`). */
  readonly errors: readonly ErrorCode[];
}

export type Endpoint = ApiRoute & EndpointSchemas;

/** One endpoint: its route line and its schemas. */
export function defineEndpoint<const R extends ApiRoute, const S extends EndpointSchemas>(route: R, schemas: S): R & S {
  return { ...route, ...schemas };
}

/** A module's route lines, checked for shape and kept literal for the types built on them. */
export function defineRoutes<const T extends Record<string, ApiRoute>>(routes: T): T {
  return routes;
}

/**
 * Every error code the API answers, with its status. A code outside this table fails the suite's
 * response checks (docs/architecture.md, "Endpoints").
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation: 400,
  invalid_input: 400,
  bad_signature: 400,
  order_mismatch: 400,
  nothing_uploaded: 400,
  payment_method_required: 400,
  unreadable_image: 400,
  too_many_pixels: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  // The card's refusal, as Stripe answers a card error (402 Payment Required, its own codes).
  card_declined: 402,
  expired_card: 402,
  incorrect_cvc: 402,
  incorrect_number: 402,
  invalid_expiry_month: 402,
  invalid_expiry_year: 402,
  processing_error: 402,
  authentication_required: 402,
  setup_intent_authentication_failure: 402,
  forbidden: 403,
  account_suspended: 403,
  url_invalid: 403,
  url_not_yours: 403,
  not_your_upload: 403,
  not_found: 404,
  no_account: 404,
  conflict: 409,
  url_used: 409,
  too_many_photos: 409,
  push_off: 409,
  confirm_send: 409,
  url_expired: 410,
  too_large: 413,
  not_an_image: 415,
  svg_refused: 415,
  upgrade_required: 426,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * What any endpoint may answer whatever it declares: a request the server cannot read or store, a
 * rate limit, the server's own failure or a database that is away, and Fastify's own refusals
 * before a route runs (codes starting `FST_`). A state-changing call may also be refused as
 * cross-site (403 `forbidden`, docs/engineering.md §5); a guarded one answers 401 without a session.
 */
export function errorsAnyEndpointMayAnswer(route: Pick<ApiRoute, 'method' | 'access'>): readonly ErrorCode[] {
  const always: ErrorCode[] = ['validation', 'invalid_input', 'too_large', 'rate_limited', 'internal', 'unavailable'];
  if (route.method !== 'GET') always.push('forbidden');
  if (route.access === 'member') always.push('unauthorized');
  if (route.access === 'moderator') always.push('unauthorized', 'not_found');
  return always;
}

/** Whether `code` at `status` is an answer `endpoint` may give (the suite's response checks). */
export function isDeclaredError(endpoint: Endpoint, status: number, code: string): boolean {
  if (code.startsWith('FST_')) return status >= 400 && status < 500;
  if (!(code in ERROR_STATUS) || ERROR_STATUS[code as ErrorCode] !== status) return false;
  return (
    endpoint.errors.includes(code as ErrorCode) || errorsAnyEndpointMayAnswer(endpoint).includes(code as ErrorCode)
  );
}

/**
 * A path's last part may be `*`, the router's wildcard: the rest of the path, parameter `*` (a
 * value too long for a `:param`, docs/messaging.md). Its value may hold `/`.
 */
const WILDCARD = '*';

/** The name of a path part's parameter (`:id` gives id, `*` gives `*`), or null for a literal part. */
function paramNameOf(part: string): string | null {
  if (part === WILDCARD) return WILDCARD;
  return part.startsWith(':') ? part.slice(1) : null;
}

/** The names of a path's parameters (`/api/a/:id/b/:name` gives id and name, `/api/c/*` gives `*`). */
export function pathParamNames(path: string): string[] {
  return path
    .split('/')
    .map(paramNameOf)
    .filter((name) => name !== null);
}

/**
 * The path with its parameters filled in, each encoded as one path segment; the wildcard's value
 * is encoded segment by segment, its slashes kept.
 */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path
    .split('/')
    .map((part) => {
      const name = paramNameOf(part);
      if (name === null) return part;
      const value = params?.[name];
      if (value === undefined) throw new TypeError(`${path} needs the parameter ${name}`);
      if (name === WILDCARD) return String(value).split('/').map(encodeURIComponent).join('/');
      return encodeURIComponent(String(value));
    })
    .join('/');
}

/**
 * The query key of a GET (docs/architecture.md "Endpoints"): the path's literal runs and its
 * parameter values in order, then the query object when there is one. So
 * `/api/auctions/:id/bids` for auction 7 is `['/api/auctions', '7', '/bids']`, and invalidating
 * `['/api/auctions']` reaches every read under it. A wildcard's value is one part, as it is one
 * parameter (`/api/conversations/*` with `c1/messages` is `['/api/conversations', 'c1/messages']`).
 */
export function queryKeyOf(
  path: string,
  params: Readonly<Record<string, string | number>> | undefined,
  query: object | undefined,
): unknown[] {
  const key: unknown[] = [];
  let literal = '';
  for (const part of path.split('/').slice(1)) {
    const name = paramNameOf(part);
    if (name !== null) {
      if (literal) key.push(literal);
      literal = '';
      const value = params?.[name];
      if (value === undefined) throw new TypeError(`${path} needs the parameter ${name}`);
      key.push(String(value));
    } else {
      literal += `/${part}`;
    }
  }
  if (literal) key.push(literal);
  if (query !== undefined && Object.keys(query).length > 0) key.push(query);
  return key;
}
