import { randomUUID } from 'node:crypto';
import { OUT_OF_APP_NOTIFICATION_TYPES, type NotificationPreferencesResponse } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseFactories } from '../support/databases.js';
import { signInByEmail, withSession } from '../support/session.js';
import { createWorld } from '../support/world.js';

/** GET and PUT /api/notification-preferences (docs/notifications.md). */
describe.each(testDatabaseFactories())('notification preferences on $kind', (factory) => {
  const world = createWorld(factory);
  let app: FastifyInstance;
  let ann: string;
  let bob: string;

  beforeAll(async () => {
    await world.open();
    ({ app } = world);
    ann = (await signInByEmail(app, `ann-${randomUUID().slice(0, 8)}@example.com`)).cookie;
    bob = (await signInByEmail(app, `bob-${randomUUID().slice(0, 8)}@example.com`)).cookie;
  });
  afterAll(() => world.close());

  const read = (cookie?: string) =>
    app.inject({ method: 'GET', url: '/api/notification-preferences', cookies: withSession(cookie) });
  const write = (cookie: string | undefined, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/api/notification-preferences',
      cookies: withSession(cookie),
      payload: payload as object,
    });

  it('lists every out-of-app type with both channels on by default', async () => {
    const res = await read(ann);
    expect(res.statusCode).toBe(200);
    expect(res.json<NotificationPreferencesResponse>()).toEqual({
      preferences: OUT_OF_APP_NOTIFICATION_TYPES.map((type) => ({ type, email: true, push: true })),
    });
  });

  it('changes only what a PUT names, answers the full list, and leaves other members alone', async () => {
    const res = await write(ann, {
      preferences: [
        { type: 'outbid', email: false },
        { type: 'payout', push: false },
      ],
    });
    expect(res.statusCode).toBe(200);
    const expected = OUT_OF_APP_NOTIFICATION_TYPES.map((type) => ({
      type,
      email: type !== 'outbid',
      push: type !== 'payout',
    }));
    expect(res.json<NotificationPreferencesResponse>().preferences).toEqual(expected);
    // Turning push off for outbid keeps its e-mail choice.
    const again = await write(ann, { preferences: [{ type: 'outbid', push: false }] });
    expect(again.json<NotificationPreferencesResponse>().preferences.find((p) => p.type === 'outbid')).toEqual({
      type: 'outbid',
      email: false,
      push: false,
    });
    expect((await read(bob)).json<NotificationPreferencesResponse>().preferences.every((p) => p.email && p.push)).toBe(
      true,
    );
  });

  it('refuses unknown types, in-app-only types, non-boolean values and unknown fields with a 400, changing nothing', async () => {
    const before = (await read(ann)).json<NotificationPreferencesResponse>();
    for (const payload of [
      { preferences: [{ type: 'nonsense', email: false }] },
      { preferences: [{ type: 'auction_updated', email: false }] },
      { preferences: [{ type: 'outbid', email: 'no' }] },
      { preferences: [{ type: 'outbid', email: 0 }] },
      { preferences: [{ type: 'outbid', sms: true }] },
      { preferences: [] },
      { preferences: 'outbid' },
      {},
    ]) {
      const res = await write(ann, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
    expect((await read(ann)).json()).toEqual(before);
  });

  it('is for signed-in members only', async () => {
    expect((await read()).statusCode).toBe(401);
    expect((await write(undefined, { preferences: [{ type: 'outbid', email: false }] })).statusCode).toBe(401);
  });
});
