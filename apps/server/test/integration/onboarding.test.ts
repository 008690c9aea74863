import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions, users } from '../../src/db/schema/index.js';
import { testDatabaseFactories } from '../support/databases.js';
import { signInByEmail, withSession } from '../support/session.js';
import { suiteWorld } from '../support/world.js';

const ALL_PENDING = { photo: 'pending', card: 'pending', notifications: 'pending' };

// docs/accounts.md "Onboarding": three steps after sign-up, each answered once and never shown again.
describe.each(testDatabaseFactories())('onboarding on $kind', (factory) => {
  const world = suiteWorld(factory);

  let counter = 0;
  const newMember = async () => {
    counter += 1;
    const signedIn = await signInByEmail(world.app, `onboarding.${counter}.${Date.now()}@example.com`);
    return { cookie: signedIn.cookie, id: signedIn.body.user.id, signUp: signedIn.body };
  };
  const me = async (cookie: string) => {
    const res = await world.app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(cookie) });
    expect(res.statusCode).toBe(200);
    return res.json<{ onboarding: Record<string, string> }>().onboarding;
  };
  const patch = (cookie: string | undefined, payload: unknown) =>
    world.app.inject({
      method: 'PATCH',
      url: '/api/onboarding',
      payload: payload as object,
      cookies: withSession(cookie),
    });
  const stored = async (id: string) =>
    (await world.testDb.database.db.select({ onboarding: users.onboarding }).from(users).where(eq(users.id, id)))[0]!
      .onboarding;

  it('starts a new account with every step pending, in the sign-up answer and the current user', async () => {
    const member = await newMember();
    expect((member.signUp.user as unknown as { onboarding: unknown }).onboarding).toEqual(ALL_PENDING);
    expect(await me(member.cookie)).toEqual(ALL_PENDING);
    expect(await stored(member.id)).toEqual({});
  });

  it('refuses nobody with 401', async () => {
    const res = await patch(undefined, { photo: 'skipped' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{}, 'Name at least one step'],
    [{ photo: 'maybe' }, 'A step is either done or skipped'],
    [{ photo: 'pending' }, 'A step is either done or skipped'],
    [{ photo: 'skipped', profile: 'done' }, undefined],
    [[], undefined],
  ])('refuses %j with 400 and changes nothing', async (payload, message) => {
    const member = await newMember();
    const res = await patch(member.cookie, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json()).toMatchObject({ message });
    expect(await stored(member.id)).toEqual({});
    expect(await me(member.cookie)).toEqual(ALL_PENDING);
  });

  it('remembers skipped and finished steps; a finished step stays finished', async () => {
    const member = await newMember();
    const skipped = await patch(member.cookie, { card: 'skipped', notifications: 'skipped' });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toEqual({ onboarding: { photo: 'pending', card: 'skipped', notifications: 'skipped' } });
    expect(await me(member.cookie)).toEqual({ photo: 'pending', card: 'skipped', notifications: 'skipped' });

    expect((await patch(member.cookie, { photo: 'done', card: 'done' })).json()).toEqual({
      onboarding: { photo: 'done', card: 'done', notifications: 'skipped' },
    });
    // A later skip does not undo a finished step.
    expect((await patch(member.cookie, { photo: 'skipped' })).json().onboarding.photo).toBe('done');
    expect(await stored(member.id)).toEqual({ photo: 'done', card: 'done', notifications: 'skipped' });

    // Only the member's own row changed.
    const other = await newMember();
    expect(await me(other.cookie)).toEqual(ALL_PENDING);
  });

  it('counts a step as done when its point already holds, and keeps it done after', async () => {
    const member = await newMember();
    const db = world.testDb.database.db;
    await db
      .update(users)
      .set({ profileImageUrl: '/api/objects/images/00000000-0000-4000-8000-000000000001-1280.jpg', cardOnFile: true })
      .where(eq(users.id, member.id));
    await db.insert(pushSubscriptions).values({
      userId: member.id,
      endpoint: `https://push.example.com/${member.id}`,
      p256dh: 'p'.repeat(87),
      auth: 'a'.repeat(22),
    });
    expect(await me(member.cookie)).toEqual({ photo: 'done', card: 'done', notifications: 'done' });
    expect(await stored(member.id)).toEqual({ photo: 'done', card: 'done', notifications: 'done' });

    // The photo, card and device go; the steps were answered and do not come back.
    await db.update(users).set({ profileImageUrl: null, cardOnFile: false }).where(eq(users.id, member.id));
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id));
    expect(await me(member.cookie)).toEqual({ photo: 'done', card: 'done', notifications: 'done' });
  });

  it('leaves a skipped step skipped even once its point holds', async () => {
    const member = await newMember();
    await patch(member.cookie, { card: 'skipped' });
    await world.testDb.database.db.update(users).set({ cardOnFile: true }).where(eq(users.id, member.id));
    expect((await me(member.cookie)).card).toBe('skipped');
  });
});
