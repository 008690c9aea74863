// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, queryKeyToUrl, throwIfResNotOk } from './api';
import { api } from './apiClient';
import { getQueryFn } from './queryClient';

describe('queryKeyToUrl (docs/product.md §7 default reads)', () => {
  it('uses the first element as the path', () => {
    expect(queryKeyToUrl(['/api/auctions'])).toBe('/api/auctions');
  });

  it('appends a string second element as a path segment', () => {
    expect(queryKeyToUrl(['/api/auctions', 'abc-123'])).toBe('/api/auctions/abc-123');
    expect(queryKeyToUrl(['/api/conversations/', 'x'])).toBe('/api/conversations/x');
  });

  it('escapes a path segment so it cannot climb out of its path', () => {
    expect(queryKeyToUrl(['/api/auctions', '../admin?x=1'])).toBe('/api/auctions/..%2Fadmin%3Fx%3D1');
  });

  it('turns an object second element into query parameters, skipping empty, all and any', () => {
    expect(
      queryKeyToUrl([
        '/api/auctions',
        { location: 'any', dateType: 'all', priceRange: '', sortBy: 'newest', q: undefined, page: 2, z: null },
      ]),
    ).toBe('/api/auctions?sortBy=newest&page=2');
  });

  it('leaves the path bare when every parameter is skipped', () => {
    expect(queryKeyToUrl(['/api/auctions', { location: 'any', dateType: 'all' }])).toBe('/api/auctions');
  });

  it('encodes parameter values', () => {
    expect(queryKeyToUrl(['/api/search', { q: 'tea & cake' }])).toBe('/api/search?q=tea+%26+cake');
  });

  it('keeps every non-skipped parameter and drops every skipped one', () => {
    const value = fc.oneof(fc.string(), fc.constantFrom('all', 'any', ''), fc.integer());
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ minLength: 1 }).filter((k) => k !== '__proto__'),
          value,
        ),
        (params) => {
          const url = queryKeyToUrl(['/api/x', params]);
          const parsed = new URL(url, 'http://host');
          for (const [key, v] of Object.entries(params)) {
            const skipped = v === '' || v === 'all' || v === 'any';
            expect(parsed.searchParams.has(key)).toBe(!skipped);
            if (!skipped) expect(parsed.searchParams.get(key)).toBe(String(v));
          }
        },
      ),
    );
  });
});

describe('throwIfResNotOk (docs/product.md §8)', () => {
  it('passes OK responses', async () => {
    await expect(throwIfResNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it('throws "<status>: <body text>"', async () => {
    const text = '{"message":"Bid must be at least 51","code":"bid_too_low","field":"amount","requestId":"r1"}';
    const error = await throwIfResNotOk(new Response(text, { status: 400 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`400: ${text}`);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).serverMessage).toBe('Bid must be at least 51');
  });

  it("carries the contract's error body, parsed", async () => {
    const text = '{"message":"Title too long","code":"validation_error","field":"title","requestId":"r2"}';
    const error = (await throwIfResNotOk(new Response(text, { status: 400 })).catch((e: unknown) => e)) as ApiError;
    expect(error.body).toEqual({
      message: 'Title too long',
      code: 'validation_error',
      field: 'title',
      requestId: 'r2',
    });
  });

  it('has no body for an answer that is not the error body (HTML, text, other JSON)', () => {
    expect(new ApiError(502, '<html>Bad Gateway</html>').body).toBeNull();
    expect(new ApiError(400, '{"error":"x"}').body).toBeNull();
    expect(new ApiError(400, '{"message":42,"code":"x"}').body).toBeNull();
  });

  it('uses the status text when the body is empty', async () => {
    const error = await throwIfResNotOk(new Response(null, { status: 503, statusText: 'Service Unavailable' })).catch(
      (e: unknown) => e,
    );
    expect((error as ApiError).message).toBe('503: Service Unavailable');
  });

  it('uses a plain-text body as the server message', async () => {
    const error = await throwIfResNotOk(new Response('Nope', { status: 403 })).catch((e: unknown) => e);
    expect((error as ApiError).serverMessage).toBe('Nope');
  });
});

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

describe('the typed client and the default query function against a real HTTP server', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    server = createServer((req, res) => {
      void readBody(req).then((body) => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], body });
        if (req.url?.startsWith('/api/unauthorized')) {
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
        } else if (req.url?.startsWith('/api/nothing')) {
          res.writeHead(204).end();
        } else if (req.url?.endsWith('/fail')) {
          res.writeHead(500).end('boom');
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The typed client calls same-origin paths, as in the browser: here they go to the test server. */
  async function withTestOrigin<T>(call: () => Promise<T>): Promise<T> {
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => realFetch(`${base}${url}`, init));
    try {
      return await call();
    } finally {
      vi.unstubAllGlobals();
    }
  }

  it('sends a JSON body with a JSON content type', async () => {
    await withTestOrigin(() => api('placeBid', { body: { auctionId: 'a', amount: '51' } }));
    const last = seen.at(-1);
    expect(last).toMatchObject({
      method: 'POST',
      contentType: 'application/json',
      body: '{"auctionId":"a","amount":"51"}',
    });
  });

  it('sends no body and no content type when there is no data', async () => {
    await withTestOrigin(() => api('markAllNotificationsRead', {}));
    const last = seen.at(-1);
    expect(last).toMatchObject({ method: 'POST', body: '' });
    expect(last?.contentType).toBeUndefined();
  });

  it('throws on a non-OK answer', async () => {
    await expect(withTestOrigin(() => api('cancelAuction', { params: { id: 'fail' } }))).rejects.toThrow('500: boom');
  });

  it('returns null for a 401 when asked to, and throws otherwise', async () => {
    const returnNull = getQueryFn<unknown>({ on401: 'returnNull' });
    const throwing = getQueryFn<unknown>({ on401: 'throw' });
    const context = (key: string) =>
      ({ queryKey: [key], signal: new AbortController().signal, meta: undefined, client: undefined }) as never;
    await expect(returnNull(context(`${base}/api/unauthorized`))).resolves.toBeNull();
    await expect(throwing(context(`${base}/api/unauthorized`))).rejects.toThrow('401: {"message":"Unauthorized"}');
    await expect(throwing(context(`${base}/api/ok`))).resolves.toEqual({ ok: true });
  });

  it('returns null for an answer with no content', async () => {
    const context = (key: string) =>
      ({ queryKey: [key], signal: new AbortController().signal, meta: undefined, client: undefined }) as never;
    await expect(getQueryFn<unknown>({ on401: 'returnNull' })(context(`${base}/api/nothing`))).resolves.toBeNull();
    await expect(getQueryFn<unknown>({ on401: 'throw' })(context(`${base}/api/nothing`))).resolves.toBeNull();
  });
});
