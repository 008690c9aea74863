import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctions, bids, messages } from '../../src/db/schema/index.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { signInByEmail, withSession } from '../support/session.js';
import { createWorld } from '../support/world.js';

const completeProfile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Museums and tea.',
  age: 36,
  location: 'Austin, TX',
  country: 'United States',
  zipCode: '78701',
  interests: ['museums', ' tea ', 'Tea', ''],
  sex: 'female',
  openToDatesWith: ['male', 'other'],
};

describe.each(testDatabaseFactories())('profile API on $kind', (factory) => {
  const world = createWorld(factory);
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    await world.open();
    ({ testDb, app } = world);
    const signedIn = await signInByEmail(app, `profile.${Date.now()}@example.com`);
    cookie = signedIn.cookie;
    userId = signedIn.body.user.id;
  });
  afterAll(() => world.close());

  const put = (payload: unknown, session: string | null = cookie) =>
    app.inject({
      method: 'PUT',
      url: '/api/profile',
      payload: payload as object,
      cookies: withSession(session ?? undefined),
    });

  it('refuses nobody with 401 and changes nothing', async () => {
    const res = await put(completeProfile, null);
    expect(res.statusCode).toBe(401);
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(cookie) });
    expect(me.json().firstName).toBeNull();
  });

  it.each([
    [{ firstName: '' }, 'First name is required', 'firstName'],
    [{ lastName: '' }, 'Last name is required', 'lastName'],
    // Names that impersonate the product or show nothing (docs/accounts.md, "Names").
    [{ firstName: 'BidYourDate Support Team' }, 'First name can\'t use the word "bidyourdate"', 'firstName'],
    [{ firstName: 'Deleted user' }, 'First name can\'t use the word "deleted user"', 'firstName'],
    [{ lastName: '\u2800' }, 'Last name must show letters', 'lastName'],
    [{ firstName: '\u200B\u202E' }, 'First name is required', 'firstName'],
    [{ bio: 'x'.repeat(501) }, 'Bio must be less than 500 characters', 'bio'],
    [{ age: 17 }, 'Must be at least 18', 'age'],
    [{ age: 101 }, 'Invalid age', 'age'],
    [{ age: 'old' }, 'Invalid age', 'age'],
    [{ location: '' }, 'Location is required', 'location'],
    [{ country: '' }, 'Country is required', 'country'],
    [{ zipCode: '' }, 'Zip code is required', 'zipCode'],
    [{ sex: 'unknown' }, 'Please select your gender', 'sex'],
    [{ openToDatesWith: [] }, 'Please select at least one dating preference', 'openToDatesWith'],
  ])('refuses %j with %j and changes nothing', async (patch, message, field) => {
    const res = await put({ ...completeProfile, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, code: 'validation' });
    expect(res.json().field).toMatch(new RegExp(`^${field}`));
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(cookie) });
    expect(me.json().firstName).toBeNull();
  });

  it('saves a complete profile, cleaning interests, and answers the current user', async () => {
    const res = await put(completeProfile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: userId,
      firstName: 'Ada',
      age: 36,
      interests: ['museums', 'tea'],
      sex: 'female',
      gender: 'female',
      openToDatesWith: ['male', 'other'],
    });
    expect(res.body).not.toContain('passwordHash');
  });

  it('counts the stat cards from real rows', async () => {
    const other = await signInByEmail(app, `other.${Date.now()}@example.com`);
    const db = testDb.database.db;
    const [auction] = await db
      .insert(auctions)
      .values({
        creatorId: other.body.user.id,
        title: 'Coffee',
        description: 'A coffee downtown',
        dateType: 'coffee',
        startingBid: '10.00',
        currentBid: '12.00',
        bidCount: 1,
        endTime: new Date(Date.now() + 86_400_000),
      })
      .returning();
    await db.insert(bids).values({ auctionId: auction!.id, bidderId: userId, amount: '12.00' });
    await db.insert(messages).values([
      { conversationId: 'conversation-a', senderId: userId, receiverId: other.body.user.id, content: 'Hi' },
      { conversationId: 'conversation-a', senderId: other.body.user.id, receiverId: userId, content: 'Hello' },
    ]);
    const mine = await app.inject({ method: 'GET', url: '/api/profile/stats', cookies: withSession(cookie) });
    expect(mine.json()).toEqual({ auctionsCreated: 0, bidsPlaced: 1, activeConversations: 1 });
    const theirs = await app.inject({ method: 'GET', url: '/api/profile/stats', cookies: withSession(other.cookie) });
    expect(theirs.json()).toEqual({ auctionsCreated: 1, bidsPlaced: 0, activeConversations: 1 });
  });

  it.each(['/api/profile/stats', '/api/my-auctions', '/api/my-bids'])('answers %s with 401 to nobody', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
  });
});
