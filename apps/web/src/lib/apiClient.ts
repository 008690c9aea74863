import { apiRoutes, fillPath, queryKeyOf, type EndpointName } from '@bid/contract';
// Types only: the schemas stay on the server and out of the web app's bundles (docs/performance.md).
import type { Endpoints } from '@bid/contract/endpoints';
import type { z } from 'zod';
import { queryStringOf, throwIfResNotOk } from './api';

/**
 * The typed client (docs/architecture.md "Endpoints"): every call names a contract endpoint and
 * gets its input and its answer typed from the endpoint's schemas. The method and path come from
 * the contract's route table, so no `/api/…` path is written in the web app.
 */

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type Part<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S }
  ? undefined extends InputOf<S>
    ? { [P in K]?: InputOf<S> }
    : { [P in K]: InputOf<S> }
  : { [P in K]?: never };

/** What a call to endpoint N sends: its path parameters, query and body, each only when it has one. */
export type ApiInput<N extends EndpointName> = Part<Endpoints[N], 'params'> &
  Part<Endpoints[N], 'query'> &
  Part<Endpoints[N], 'body'>;

/** What a successful call to endpoint N answers: its JSON body, or null for an answer without one. */
export type ApiOutput<N extends EndpointName> = Endpoints[N] extends { responses: infer R }
  ? { [K in keyof R]: R[K] extends z.ZodType ? z.output<R[K]> : null }[keyof R]
  : never;

/** The body a call to endpoint N sends. */
export type ApiBody<N extends EndpointName> = ApiInput<N> extends { body?: infer B } ? B : never;

/** The URL of a call: the path with its parameters, then the query's values that say something. */
export function apiUrl<N extends EndpointName>(name: N, input: ApiInput<N>): string {
  const { params, query } = input as { params?: Record<string, string>; query?: Record<string, unknown> };
  const path = fillPath(apiRoutes[name].path, params);
  const text = queryStringOf(query ?? {});
  return text ? `${path}?${text}` : path;
}

export interface ApiCallOptions {
  signal?: AbortSignal;
  /** Answer null instead of throwing on a 401 (the current member's own reads, docs/product.md §7). */
  unauthorizedAsNull?: boolean;
}

/**
 * Calls endpoint N: credentials always; a JSON body only when there is one; a non-OK answer
 * throws an ApiError carrying the server's error body (docs/product.md §8).
 */
export async function api<N extends EndpointName>(
  name: N,
  input: ApiInput<N>,
  options?: ApiCallOptions,
): Promise<ApiOutput<N>> {
  const body = (input as { body?: unknown }).body;
  const res = await fetch(apiUrl(name, input), {
    method: apiRoutes[name].method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal: options?.signal,
  });
  if (options?.unauthorizedAsNull && res.status === 401) return null as ApiOutput<N>;
  await throwIfResNotOk(res);
  const text = res.status === 204 ? '' : await res.text();
  // The server encoded the body with the endpoint's schema for this status (plugins/endpoint-route.ts).
  return (text ? JSON.parse(text) : null) as ApiOutput<N>;
}

/**
 * The answer of a call to endpoint N made by hand with `apiUrl` (to read its headers, or to answer
 * a failure its own way), once the caller has checked it is a success.
 */
export async function readApiAnswer<N extends EndpointName>(_name: N, res: Response): Promise<ApiOutput<N>> {
  const text = res.status === 204 ? '' : await res.text();
  // The server encoded the body with the endpoint's schema for this status (plugins/endpoint-route.ts).
  return (text ? JSON.parse(text) : null) as ApiOutput<N>;
}

/** The query key of a read of endpoint N (contract `queryKeyOf`): invalidate by its leading parts. */
export function apiQueryKey<N extends EndpointName>(name: N, input: ApiInput<N>): readonly unknown[] {
  const { params, query } = input as { params?: Record<string, string>; query?: object };
  return queryKeyOf(apiRoutes[name].path, params, query);
}

/** TanStack Query options for a read of endpoint N: its key and the typed call. */
export function apiQuery<N extends EndpointName>(
  name: N,
  input: ApiInput<N>,
  options?: Omit<ApiCallOptions, 'signal'>,
) {
  return {
    queryKey: apiQueryKey(name, input),
    queryFn: ({ signal }: { signal: AbortSignal }) => api(name, input, { ...options, signal }),
  };
}
