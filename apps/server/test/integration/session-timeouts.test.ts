import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/plugins/session.js';
import { testDatabaseFactories } from '../support/databases.js';
import { signInByEmail, withSession } from '../support/session.js';
import { createWorld } from '../support/world.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabaseFactories())('session timeouts on $kind', (factory) => {
  const world = createWorld(factory, { clock: new Date('2026-03-01T09:00:00Z') });
  let app: FastifyInstance;

  beforeAll(async () => {
    await world.open();
    ({ app } = world);
  });
  afterAll(() => world.close());

  const whoAmI = (cookie: string) => app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(cookie) });

  it('ends a session left idle for longer than the idle timeout', async () => {
    const { cookie } = await signInByEmail(app, `idle.${Date.now()}@example.com`);
    world.clock = new Date(world.clock.getTime() + SESSION_IDLE_MS - 60_000);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    // That request slid the idle deadline; now stay away for a whole idle period.
    world.clock = new Date(world.clock.getTime() + SESSION_IDLE_MS + 60_000);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it('ends an active session at the absolute timeout', async () => {
    const { cookie } = await signInByEmail(app, `active.${Date.now()}@example.com`);
    const signedInAt = world.clock.getTime();
    // Use it every day: the idle timeout never triggers…
    while (world.clock.getTime() + DAY < signedInAt + SESSION_ABSOLUTE_MS) {
      world.clock = new Date(world.clock.getTime() + DAY);
      expect((await whoAmI(cookie)).statusCode).toBe(200);
    }
    // …but 30 days after sign-in it is over.
    world.clock = new Date(signedInAt + SESSION_ABSOLUTE_MS + 1000);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it('answers a visitor without a session cookie with no content, and an ended session with 401', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(visitor.statusCode).toBe(204);
    expect(visitor.body).toBe('');
    const { cookie } = await signInByEmail(app, `ended.${Date.now()}@example.com`);
    world.clock = new Date(world.clock.getTime() + SESSION_IDLE_MS + 60_000);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
    expect((await whoAmI('not-a-session')).statusCode).toBe(401);
  });

  it('uses the documented timeouts', () => {
    expect(SESSION_IDLE_MS).toBe(7 * DAY);
    expect(SESSION_ABSOLUTE_MS).toBe(30 * DAY);
  });
});
