import type { Endpoint } from '@bid/contract';
import { endpoints, type EndpointName, type Endpoints, type ResponseSpec } from '@bid/contract/endpoints';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  LogLevel,
  onRequestHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { requireSignedIn } from './auth.js';
import { moderatorOnly } from './moderators.js';

/** What a zod schema gives the handler after validation (`undefined` when there is none). */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A JSON success body of the endpoint: the union of its responses that have a schema. */
type SuccessBody<E> = E extends { responses: infer R }
  ? { [K in keyof R]: R[K] extends z.ZodType ? z.output<R[K]> : never }[keyof R]
  : never;

type EndpointOf<N extends EndpointName> = Endpoints[N];

/** The request a handler of endpoint N receives: params, query and body as its schemas parsed them. */
export type EndpointRequest<N extends EndpointName> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Parsed<EndpointOf<N> extends { params: infer P } ? P : undefined>;
  query: Parsed<EndpointOf<N> extends { query: infer Q } ? Q : undefined>;
  body: Parsed<EndpointOf<N> extends { body: infer B } ? B : undefined>;
};

/**
 * A handler of endpoint N: it returns the JSON body of a success answer (200 unless it set another
 * status), or the reply it sent itself (a 204, a redirect, a file).
 */
export type EndpointHandler<N extends EndpointName> = (
  request: EndpointRequest<N>,
  reply: FastifyReply,
) => Promise<SuccessBody<EndpointOf<N>> | FastifyReply>;

/** What a route adds to its endpoint: only what is about this server, never the contract's facts. */
export interface EndpointRouteOptions {
  /** Needed by a moderators' endpoint: the role is read from the database on each call. */
  db?: Db;
  onRequest?: onRequestHookHandler | onRequestHookHandler[];
  /** Runs after the access guard, before the schemas. */
  preValidation?: preValidationHookHandler | preValidationHookHandler[];
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  bodyLimit?: number;
  logLevel?: LogLevel;
  config?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route was registered from (plugins/endpoint-route.ts). */
    endpoint?: EndpointName;
  }
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const isJsonSchema = (spec: ResponseSpec | undefined): spec is z.ZodType =>
  typeof spec === 'object' && spec !== null && '_zod' in spec;

/**
 * The one way to add an API route (docs/architecture.md, "Endpoints"): from its contract endpoint.
 * The endpoint gives the method, the path, the access guard, the request schemas and the response
 * schemas; each JSON answer is encoded by its status's schema, so a field the schema does not name
 * never leaves the server, and one that does not match is a 500, never a leak.
 */
export function route<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: EndpointHandler<N>,
  options: EndpointRouteOptions = {},
): void {
  const endpoint: Endpoint = endpoints[name];
  const response: Record<number, z.ZodType> = {};
  for (const [status, spec] of Object.entries<ResponseSpec | undefined>(endpoint.responses)) {
    if (isJsonSchema(spec)) response[Number(status)] = spec;
  }
  const schema: NonNullable<RouteOptions['schema']> = { response };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  // A body its use case checks (in the product's order of answers) is the reference page's only.
  if (endpoint.body && !endpoint.bodyCheckedByUseCase) schema.body = endpoint.body;

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    preValidation: [...accessGuard(endpoint.access, options.db, name), ...asArray(options.preValidation)],
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    config: { ...options.config, endpoint: name },
    // The request's params, query and body are what the endpoint's schemas parsed.
    handler: handler as unknown as RouteOptions['handler'],
  });
}

/** The guard an endpoint's access names, run before the schemas so a visitor learns nothing of them. */
function accessGuard(access: 'public' | 'member' | 'moderator', db: Db | undefined, name: string) {
  if (access === 'public') return [];
  if (access === 'member') return [requireSignedIn];
  if (!db) throw new Error(`The moderators' endpoint ${name} is registered without the database its guard reads`);
  return moderatorOnly(db).preValidation;
}
