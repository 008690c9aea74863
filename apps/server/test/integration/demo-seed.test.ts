import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { auctions, bids, profilePhotos, users, type Auction, type Bid, type User } from '../../src/db/schema/index.js';
import { planDemoData } from '../../src/seed/demo-plan.js';
import { verifyPassword } from '../../src/lib/passwords.js';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, seedDemoDataIfEmpty } from '../../src/seed/demo.js';
import { assertHasPaymentMethod } from '../../src/modules/payments/payment-methods.service.js';
import { createSandboxProvider } from '../../src/modules/payments/providers/sandbox-provider.js';
import { LocalObjectStorage } from '../../src/lib/storage/local-storage.js';
import { UploadUrlSigner } from '../../src/lib/storage/upload-url-signer.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Money compared in whole cents, never as floats. */
function cents(amount: string): number {
  expect(amount).toMatch(/^\d+\.\d{2}$/);
  return Number(amount.replace('.', ''));
}

async function countRows(db: Db) {
  const [u] = await db.select({ n: count() }).from(users);
  const [a] = await db.select({ n: count() }).from(auctions);
  const [b] = await db.select({ n: count() }).from(bids);
  return { users: u?.n, auctions: a?.n, bids: b?.n };
}

describe.each(testDatabaseFactories())('demo data seed on $kind', (factory) => {
  let testDb: TestDatabase;
  let db: Db;
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  let resultWithRealUser: Awaited<ReturnType<typeof seedDemoDataIfEmpty>>;
  let result: Awaited<ReturnType<typeof seedDemoDataIfEmpty>>;
  let allUsers: User[];
  let allAuctions: Auction[];
  let bidsByAuction: Map<string, Bid[]>;

  beforeAll(async () => {
    testDb = await factory.open();
    db = testDb.database.db;

    // A database with one real account is not empty: the seed must leave it alone.
    const [real] = await db.insert(users).values({ email: 'real.person@example.com', firstName: 'Real' }).returning();
    resultWithRealUser = await seedDemoDataIfEmpty(db, now);
    const afterRealUser = await countRows(db);
    expect(afterRealUser).toEqual({ users: 1, auctions: 0, bids: 0 });
    await db.delete(users).where(eq(users.id, real!.id));

    result = await seedDemoDataIfEmpty(db, now);
    allUsers = await db.select().from(users);
    allAuctions = await db.select().from(auctions);
    const allBids = await db.select().from(bids).orderBy(asc(bids.createdAt));
    bidsByAuction = new Map(allAuctions.map((a) => [a.id, allBids.filter((b) => b.auctionId === a.id)]));
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  it('does nothing when the database already has a user', () => {
    expect(resultWithRealUser).toBeNull();
  });

  it('returns what it inserted: 12 users, about 30 auctions and some bids', async () => {
    expect(result).not.toBeNull();
    expect(result?.users).toBe(12);
    expect(result?.auctions).toBeGreaterThanOrEqual(24);
    expect(result?.auctions).toBeLessThanOrEqual(36);
    expect(result?.bids).toBeGreaterThan(0);
    expect(await countRows(db)).toEqual(result);
  });

  it('gives every demo user a complete, clearly marked profile', () => {
    for (const user of allUsers) {
      const label = `${user.firstName} ${user.lastName}`;
      expect(user.firstName, label).toBeTruthy();
      expect(user.lastName, label).toBeTruthy();
      expect(user.age, label).toBeGreaterThanOrEqual(18);
      expect(user.age, label).toBeLessThanOrEqual(100);
      expect(user.location, label).toMatch(/^[A-Z][A-Za-z .]+, [A-Z]{2}$/);
      expect(user.country, label).toBe('United States');
      expect(user.zipCode, label).toMatch(/^\d{5}$/);
      expect(user.latitude, label).toMatch(/^-?\d{1,2}\.\d{8}$/);
      expect(user.longitude, label).toMatch(/^-?\d{1,3}\.\d{8}$/);
      expect(['male', 'female', 'other']).toContain(user.sex);
      expect(user.openToDatesWith.length, label).toBeGreaterThanOrEqual(1);
      expect(user.interests.length, label).toBeGreaterThanOrEqual(2);
      expect(user.interests.length, label).toBeLessThanOrEqual(5);
      expect(user.bio, label).toMatch(/^Demo profile: /);
      expect(user.profileImageUrl, label).toBeNull();
      expect(user.email).toBe(`${user.firstName}.${user.lastName}@${DEMO_EMAIL_DOMAIN}`.toLowerCase());
      // Ready-made accounts, not new sign-ups: no onboarding (docs/accounts.md "Onboarding").
      expect(user.onboarding, label).toEqual({ photo: 'skipped', card: 'skipped', notifications: 'skipped' });
    }
    // The US mainland, so "nearby" filters find real neighbours.
    for (const user of allUsers) {
      expect(Number(user.latitude)).toBeGreaterThan(24);
      expect(Number(user.latitude)).toBeLessThan(50);
      expect(Number(user.longitude)).toBeGreaterThan(-125);
      expect(Number(user.longitude)).toBeLessThan(-66);
    }
  });

  it('lets every demo user sign in with DEMO_PASSWORD (argon2id)', async () => {
    const hashes = allUsers.map((user) => user.passwordHash);
    for (const hash of hashes) expect(hash).toMatch(/^\$argon2id\$/);
    // The seed shares one hash, so verifying each distinct hash covers every user without
    // paying argon2's deliberate slowness twelve times.
    const distinct = [...new Set(hashes as string[])];
    for (const hash of distinct) expect(await verifyPassword(hash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(distinct[0]!, 'wrong-password')).toBe(false);
  });

  it('creates plausible auctions of every date type in the creator city', () => {
    const byId = new Map(allUsers.map((u) => [u.id, u]));
    const dateTypes = new Set(allAuctions.map((a) => a.dateType));
    for (const type of ['coffee', 'dinner', 'activity'] as const) expect(dateTypes).toContain(type);
    expect(new Set(allAuctions.map((a) => a.paymentResponsibility)).size).toBeGreaterThan(1);

    for (const auction of allAuctions) {
      const creator = byId.get(auction.creatorId);
      expect(creator, auction.title).toBeDefined();
      expect(auction.description.length, auction.title).toBeGreaterThanOrEqual(10);
      expect(auction.location).toBe(creator?.location);
      expect([auction.latitude, auction.longitude]).toEqual([creator?.latitude, creator?.longitude]);
      expect([10, 25, 50]).toContain(auction.locationRadius);
      expect(auction.startingBid).toMatch(/^\d+\.00$/);
      expect(cents(auction.startingBid)).toBeGreaterThanOrEqual(1_000);
      expect(cents(auction.startingBid)).toBeLessThanOrEqual(8_000);
      if (auction.buyNowPrice !== null) expect(cents(auction.buyNowPrice)).toBeGreaterThan(cents(auction.startingBid));
      expect(auction.expectedDuration % 15, auction.title).toBe(0);
      expect(auction.expectedDuration).toBeGreaterThanOrEqual(auction.dateType === 'dinner' ? 30 : 15);
      expect(auction.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(auction.createdAt.getTime()).toBeGreaterThanOrEqual(creator!.createdAt.getTime());
    }
  });

  it('spreads active auctions from 2 hours to 10 days ahead and ends the rest in the past', () => {
    const active = allAuctions.filter((a) => a.endTime > now);
    const ended = allAuctions.filter((a) => a.endTime <= now);
    expect(active.length).toBeGreaterThanOrEqual(20);
    expect(ended.length).toBeGreaterThanOrEqual(4);
    const offsets = active.map((a) => a.endTime.getTime() - now.getTime());
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(2 * HOUR - 60_000);
    expect(Math.min(...offsets)).toBeLessThan(6 * HOUR);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(10 * DAY);
    expect(Math.max(...offsets)).toBeGreaterThan(8 * DAY);
    for (const auction of active) {
      expect(auction.isActive).toBe(true);
      expect(auction.winnerId).toBeNull();
    }
    for (const auction of ended) expect(auction.isActive, auction.title).toBe(false);
  });

  it('keeps currentBid, bidCount and winnerId consistent with the bids', () => {
    let endedWithBids = 0;
    for (const auction of allAuctions) {
      const auctionBids = bidsByAuction.get(auction.id) ?? [];
      expect(auction.bidCount, auction.title).toBe(auctionBids.length);
      const highest = auctionBids.at(-1);
      expect(auction.currentBid, auction.title).toBe(highest ? highest.amount : auction.startingBid);
      if (!auction.isActive) {
        expect(auction.winnerId, auction.title).toBe(highest ? highest.bidderId : null);
        if (highest) endedWithBids++;
      }
    }
    expect(endedWithBids).toBeGreaterThan(0);
    expect(allAuctions.some((a) => a.bidCount === 0)).toBe(true);
  });

  it('makes every bid beat the one before, in time order, by someone other than the creator', () => {
    for (const auction of allAuctions) {
      const auctionBids = bidsByAuction.get(auction.id) ?? [];
      let previous: Bid | undefined;
      for (const bid of auctionBids) {
        expect(bid.bidderId, auction.title).not.toBe(auction.creatorId);
        expect(bid.createdAt.getTime()).toBeGreaterThan(auction.createdAt.getTime());
        expect(bid.createdAt.getTime()).toBeLessThan(auction.endTime.getTime());
        expect(bid.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
        if (previous) {
          expect(bid.createdAt.getTime()).toBeGreaterThan(previous.createdAt.getTime());
          expect(cents(bid.amount), auction.title).toBeGreaterThan(cents(previous.amount));
        } else {
          expect(cents(bid.amount), auction.title).toBeGreaterThanOrEqual(cents(auction.startingBid));
        }
        previous = bid;
      }
    }
  });

  it('derives the data set from `now` alone', () => {
    const first = planDemoData(now);
    expect(planDemoData(new Date(now))).toEqual(first);
    const seeded = allAuctions
      .map((a) => [a.title, a.currentBid, a.bidCount, a.endTime.toISOString()])
      .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    const planned = first.auctions
      .map((a) => [a.title, a.currentBid, a.bidCount, a.endTime.toISOString()])
      .sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(seeded).toEqual(planned);
  });

  it('returns null and inserts nothing when called again', async () => {
    const before = await countRows(db);
    expect(await seedDemoDataIfEmpty(db, now)).toBeNull();
    expect(await countRows(db)).toEqual(before);
  });

  it('gives every demo member a saved sandbox card when asked, so they can bid at once', async () => {
    const fresh = await factory.open();
    try {
      await seedDemoDataIfEmpty(fresh.database.db, now, { sandboxCards: true });
      const members = await fresh.database.db.select().from(users);
      const sandbox = createSandboxProvider(fresh.database.db);
      for (const member of members) {
        expect(member.stripeCustomerId).toMatch(/^cus_sandbox_/);
        const cards = await sandbox.listPaymentMethods(member.stripeCustomerId!);
        expect(cards).toEqual([
          { id: expect.stringMatching(/^pm_/), type: 'card', card: expect.objectContaining({ last4: '4242' }) },
        ]);
        await expect(
          assertHasPaymentMethod({ db: fresh.database.db, paymentProvider: sandbox }, member),
        ).resolves.toBeUndefined();
      }
      // Without the option (Stripe is the provider) nobody gets a sandbox customer.
      expect(allUsers.every((member) => member.stripeCustomerId === null)).toBe(true);
    } finally {
      await fresh.cleanup();
    }
  });

  it('gives every demo member a drawn portrait as their main photo, with every variant stored', async () => {
    const fresh = await factory.open();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'demo-avatars-'));
    try {
      await seedDemoDataIfEmpty(fresh.database.db, now, {
        storage: new LocalObjectStorage(path.join(dataDir, 'uploads'), new UploadUrlSigner('x'.repeat(32))),
      });
      const members = await fresh.database.db.select().from(users);
      const photos = await fresh.database.db.select().from(profilePhotos);
      expect(members.length).toBeGreaterThan(0);
      expect(photos).toHaveLength(members.length);
      const files = await readdir(path.join(dataDir, 'uploads', 'images'));
      for (const member of members) {
        const photo = photos.find((p) => p.userId === member.id);
        expect(member.profileImageUrl).toBe(photo?.url);
        expect(member.profileImageUrl).toMatch(/^\/api\/objects\/images\/[0-9a-f-]{36}-1280\.jpg$/);
        expect(files.filter((name) => name.startsWith(photo!.id))).toHaveLength(9);
      }
      // Each portrait is its own.
      expect(new Set(photos.map((p) => p.url)).size).toBe(photos.length);
    } finally {
      await fresh.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    }
    // Encoding a dozen portraits in three formats is real work on a busy machine.
  }, 180_000);

  it.runIf(factory.kind === 'postgres')('seeds once when two instances boot at the same time', async () => {
    const fresh = await factory.open();
    try {
      const results = await Promise.all([
        seedDemoDataIfEmpty(fresh.database.db, now),
        seedDemoDataIfEmpty(fresh.database.db, now),
      ]);
      expect(results.filter((r) => r === null)).toHaveLength(1);
      expect(await countRows(fresh.database.db)).toEqual(results.find((r) => r !== null));
    } finally {
      await fresh.cleanup();
    }
  });
});
