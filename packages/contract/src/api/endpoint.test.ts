import { describe, expect, it } from 'vitest';
import { fillPath, isDeclaredError, pathParamNames, queryKeyOf, type Endpoint } from './endpoint.js';

describe('endpoint paths', () => {
  it('fills each parameter as one encoded segment and refuses a missing one', () => {
    expect(fillPath('/api/auctions/:id/bids', { id: 'a/b c' })).toBe('/api/auctions/a%2Fb%20c/bids');
    expect(() => fillPath('/api/auctions/:id', {})).toThrow('needs the parameter id');
    expect(pathParamNames('/api/a/:id/b/:name')).toEqual(['id', 'name']);
  });

  it('fills a trailing wildcard with the rest of the path, each segment encoded and its slashes kept', () => {
    expect(fillPath('/api/conversations/*', { '*': 'a b/messages' })).toBe('/api/conversations/a%20b/messages');
    expect(() => fillPath('/api/conversations/*', {})).toThrow('needs the parameter *');
    expect(pathParamNames('/api/a/:id/*')).toEqual(['id', '*']);
    expect(queryKeyOf('/api/conversations/*', { '*': 'c1/messages' }, { before: 'm1' })).toEqual([
      '/api/conversations',
      'c1/messages',
      { before: 'm1' },
    ]);
  });

  it('keys a read by its literal runs and parameter values, then its query', () => {
    expect(queryKeyOf('/api/auctions', undefined, undefined)).toEqual(['/api/auctions']);
    expect(queryKeyOf('/api/auctions', undefined, { sortBy: 'ending-soon' })).toEqual([
      '/api/auctions',
      { sortBy: 'ending-soon' },
    ]);
    expect(queryKeyOf('/api/auctions/:id/bids', { id: '7' }, {})).toEqual(['/api/auctions', '7', '/bids']);
  });
});

describe('declared errors', () => {
  const endpoint = {
    method: 'DELETE',
    path: '/api/things/:id',
    access: 'member',
    summary: 'x',
    responses: { 204: null },
    errors: ['not_found'],
  } as const satisfies Endpoint;

  it('accepts the endpoint’s own codes and the ones any endpoint may answer, at their status', () => {
    expect(isDeclaredError(endpoint, 404, 'not_found')).toBe(true);
    expect(isDeclaredError(endpoint, 401, 'unauthorized')).toBe(true);
    expect(isDeclaredError(endpoint, 403, 'forbidden')).toBe(true);
    expect(isDeclaredError(endpoint, 415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')).toBe(true);
  });

  it('refuses an undeclared code, a code at the wrong status and an unknown code', () => {
    expect(isDeclaredError(endpoint, 409, 'conflict')).toBe(false);
    expect(isDeclaredError(endpoint, 400, 'not_found')).toBe(false);
    expect(isDeclaredError(endpoint, 418, 'teapot')).toBe(false);
    expect(isDeclaredError({ ...endpoint, access: 'public' }, 401, 'unauthorized')).toBe(false);
  });
});
