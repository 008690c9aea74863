import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: this route's answers are never compressed, because they carry a secret (a payment
     * client secret, a presigned upload address, a share token) that BREACH could recover from
     * compressed sizes (docs/performance.md "Compression").
     */
    compress?: boolean;
  }
}

/** Below this many bytes compression saves less than the encoding costs (docs/performance.md). */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an Accept-Encoding header: Brotli when accepted, else gzip,
 * else none. `q=0` refuses an encoding; `*` stands for any encoding not named.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (encoding: ContentEncoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  const list = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  if (list.split(',').some((v) => v.trim().toLowerCase() === field.toLowerCase() || v.trim() === '*')) return;
  reply.header('vary', list ? `${list}, ${field}` : field);
}

function isEligible(request: FastifyRequest, reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false; // streams: files, server-sent events
  if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return false;
  if (reply.getHeader('content-encoding') !== undefined) return false; // precompressed static files
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.startsWith('application/json')) return false;
  // Sign-in, sign-up and password reset answers carry codes and tokens: never compressed.
  if (request.routeOptions.url?.startsWith('/api/auth/')) return false;
  return request.routeOptions.config?.compress !== false;
}

/**
 * Compresses the API's JSON answers of at least COMPRESS_MIN_BYTES with Brotli or gzip, only for
 * a client that accepts one (docs/performance.md "Compression"). Streams (server-sent events,
 * files) and WebSocket traffic are left alone; static files are precompressed at build time.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isEligible(request, reply, payload)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    addVary(reply, 'Accept-Encoding');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(body, {
            // Quality 5 of 11: most of Brotli's gain at a small part of its time, per answer.
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : await gzipAsync(body);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
});
