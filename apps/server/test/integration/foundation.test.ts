import { describe, expect, it } from 'vitest';
import { testDatabaseFactories } from '../support/databases.js';
import { suiteWorld } from '../support/world.js';

describe.each(testDatabaseFactories())('server foundation on $kind', (factory) => {
  const world = suiteWorld(factory);

  it('reports the database in GET /api/health', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { kind: factory.kind, ok: true } });
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found', requestId: expect.any(String) });
  });

  it('treats a visitor without a session as logged out: no current user, no error', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('refuses a session cookie that names no session', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/api/auth/user', cookies: { sid: 'no-such-session' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized', requestId: expect.any(String) });
  });

  it('sends security headers on every response', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // HSTS belongs to production behind https only.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
