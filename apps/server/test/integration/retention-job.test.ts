import { randomUUID } from 'node:crypto';
import { ACCOUNT_INACTIVE_MESSAGE, ACCOUNT_INACTIVE_TITLE, DELETED_USER_NAME } from '@bid/contract';
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/db/client.js';
import {
  auditLogs,
  auctions,
  identityDocuments,
  notificationDeliveries,
  notifications,
  sessions,
  users,
} from '../../src/db/schema/index.js';
import { createSandboxProvider } from '../../src/modules/payments/providers/sandbox-provider.js';
import { createRetentionJob, type RetentionJob } from '../../src/modules/retention/retention.job.js';
import { LocalObjectStorage } from '../../src/lib/storage/local-storage.js';
import { UploadUrlSigner } from '../../src/lib/storage/upload-url-signer.js';
import { connectionUrlOf, postgresOnlyFactories, testDatabaseFactories } from '../support/databases.js';
import { suiteWorld, type World } from '../support/world.js';
import { insertAuction } from '../support/auctions.js';

const DAY = 24 * 60 * 60 * 1000;
const logger = pino({ level: 'silent' });

/** Months back from `from`, as PostgreSQL's interval arithmetic counts them. */
function monthsBefore(from: Date, months: number): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/** The e-mails the outbox will send for these members' inactivity warnings (docs/notifications.md). */
async function inactivityEmailsQueuedFor(db: Db, userIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ userId: notificationDeliveries.userId })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(
      and(
        eq(notifications.type, 'account_inactive'),
        eq(notificationDeliveries.channel, 'email'),
        inArray(notificationDeliveries.userId, userIds),
      ),
    );
  return rows.map((row) => row.userId);
}

/** Object storage in the world's DATA_DIR, where the retention job deletes verification files. */
function storageOf(world: World): LocalObjectStorage {
  return new LocalObjectStorage(world.dataDir, new UploadUrlSigner('a-session-secret-of-at-least-32-characters'));
}

/** A member last active at `at` unless the input says otherwise (the column's default is the real now). */
async function insertMember(db: Db, at: Date, input: Partial<typeof users.$inferInsert> & { label: string }) {
  const { label, ...rest } = input;
  const [row] = await db
    .insert(users)
    .values({
      email: `${label.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
      firstName: label,
      lastName: 'Tester',
      lastActiveAt: at,
      ...rest,
    })
    .returning();
  return row!;
}

async function insertDocument(db: Db, storage: LocalObjectStorage, userId: string, createdAt?: Date) {
  const key = `identity/${randomUUID()}.jpg`;
  await storage.writeObject(key, Buffer.from(`document of ${userId}`));
  const [row] = await db
    .insert(identityDocuments)
    .values({
      userId,
      verificationSessionId: 'vs_sandbox_1',
      kind: 'document_front',
      objectKey: key,
      ...(createdAt ? { createdAt } : {}),
    })
    .returning();
  return { id: row!.id, key };
}

const fileExists = async (storage: LocalObjectStorage, key: string) =>
  (await storage.readObject(key, 1_000_000)) !== undefined;

function makeJob(db: Db, storage: LocalObjectStorage, now: () => Date): RetentionJob {
  return createRetentionJob({
    db,
    logger,
    paymentProvider: createSandboxProvider(db, { now }),
    storage,
    now,
  });
}

async function deleteAudits(db: Db, userIds: string[]) {
  return db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, 'delete'), inArray(auditLogs.userId, userIds)));
}

describe.each(testDatabaseFactories())('retention job on $kind', (factory) => {
  const START = new Date('2032-03-15T12:00:00.000Z');
  const world = suiteWorld(factory, { clock: START, dataDir: true });
  const fx = {} as { storage: LocalObjectStorage };
  const now = () => world.clock;

  beforeAll(() => {
    fx.storage = storageOf(world);
  });
  beforeEach(() => {
    world.clock = START;
  });

  it('deletes verification files 30 days after completion, and nothing younger, once', async () => {
    const due = await insertMember(world.db, world.clock, {
      label: 'Due',
      identityVerificationStatus: 'verified',
      verificationCompletedAt: new Date(world.clock.getTime() - 30 * DAY - 1000),
      idDocumentFrontUrl: 'private:front',
      biometricSelfieUrl: 'private:selfie',
    });
    const young = await insertMember(world.db, world.clock, {
      label: 'Young',
      identityVerificationStatus: 'verified',
      verificationCompletedAt: new Date(world.clock.getTime() - 29 * DAY),
      idDocumentFrontUrl: 'private:front',
    });
    const pending = await insertMember(world.db, world.clock, {
      label: 'Pending',
      identityVerificationStatus: 'pending',
    });
    const dueDoc = await insertDocument(world.db, fx.storage, due.id);
    const youngDoc = await insertDocument(world.db, fx.storage, young.id);
    const pendingDoc = await insertDocument(world.db, fx.storage, pending.id, world.clock);

    const job = makeJob(world.db, fx.storage, now);
    const first = await job.runOnce();
    expect(first.verificationDataDeleted).toBe(1);

    expect(await fileExists(fx.storage, dueDoc.key)).toBe(false);
    expect(await fileExists(fx.storage, youngDoc.key)).toBe(true);
    expect(await fileExists(fx.storage, pendingDoc.key)).toBe(true);
    const [dueRow] = await world.db.select().from(users).where(eq(users.id, due.id));
    expect(dueRow!.verificationDataDeletedAt?.toISOString()).toBe(world.clock.toISOString());
    expect([dueRow!.idDocumentFrontUrl, dueRow!.idDocumentBackUrl, dueRow!.biometricSelfieUrl]).toEqual([
      null,
      null,
      null,
    ]);
    // The verification outcome itself stays: only the documents go.
    expect(dueRow!.identityVerificationStatus).toBe('verified');
    const [docRow] = await world.db.select().from(identityDocuments).where(eq(identityDocuments.id, dueDoc.id));
    expect(docRow!.objectKey).toBeNull();
    expect(docRow!.deletedAt?.toISOString()).toBe(world.clock.toISOString());
    const [youngRow] = await world.db.select().from(users).where(eq(users.id, young.id));
    expect(youngRow!.idDocumentFrontUrl).toBe('private:front');
    expect(youngRow!.verificationDataDeletedAt).toBeNull();

    const audits = await deleteAudits(world.db, [due.id, young.id, pending.id]);
    expect(audits.map((a) => [a.userId, a.resource, a.details])).toEqual([
      [due.id, 'identity_verification', { reason: 'retention', retentionDays: 30, files: 1 }],
    ]);
    expect(JSON.stringify(audits)).not.toContain(dueDoc.key);

    // A second run finds nothing; a day later the young one is due.
    expect((await job.runOnce()).verificationDataDeleted).toBe(0);
    world.clock = new Date(world.clock.getTime() + 1 * DAY + 1000);
    expect((await job.runOnce()).verificationDataDeleted).toBe(1);
    expect(await fileExists(fx.storage, youngDoc.key)).toBe(false);
    expect(await fileExists(fx.storage, pendingDoc.key)).toBe(true);
    expect(await deleteAudits(world.db, [due.id, young.id, pending.id])).toHaveLength(2);

    // A later verification starts its own 30 days.
    await world.db.update(users).set({ verificationCompletedAt: world.clock }).where(eq(users.id, due.id));
    const secondDoc = await insertDocument(world.db, fx.storage, due.id);
    world.clock = new Date(world.clock.getTime() + 29 * DAY);
    expect((await job.runOnce()).verificationDataDeleted).toBe(0);
    expect(await fileExists(fx.storage, secondDoc.key)).toBe(true);
    world.clock = new Date(world.clock.getTime() + 1 * DAY);
    expect((await job.runOnce()).verificationDataDeleted).toBe(1);
    expect(await fileExists(fx.storage, secondDoc.key)).toBe(false);
    // The pending verification never completed: its files went 30 days after their upload.
    expect(await fileExists(fx.storage, pendingDoc.key)).toBe(false);
    expect((await deleteAudits(world.db, [pending.id])).map((a) => a.details)).toEqual([
      { reason: 'retention_unfinished', retentionDays: 30, files: 1 },
    ]);
  });

  it('deletes the files of a verification never completed 30 days after upload, but not while a moderator reviews it', async () => {
    const abandoned = await insertMember(world.db, world.clock, {
      label: 'Abandoned',
      identityVerificationStatus: 'pending',
      idDocumentFrontUrl: 'private:front',
    });
    const inReview = await insertMember(world.db, world.clock, {
      label: 'Review',
      identityVerificationStatus: 'manual_review',
    });
    const abandonedDoc = await insertDocument(world.db, fx.storage, abandoned.id, world.clock);
    const reviewDoc = await insertDocument(world.db, fx.storage, inReview.id, world.clock);
    const job = makeJob(world.db, fx.storage, now);

    world.clock = new Date(world.clock.getTime() + 29 * DAY);
    expect((await job.runOnce()).unfinishedVerificationFilesDeleted).toBe(0);
    world.clock = new Date(world.clock.getTime() + 1 * DAY);
    expect((await job.runOnce()).unfinishedVerificationFilesDeleted).toBe(1);
    expect(await fileExists(fx.storage, abandonedDoc.key)).toBe(false);
    expect(await fileExists(fx.storage, reviewDoc.key)).toBe(true);
    const [row] = await world.db.select().from(users).where(eq(users.id, abandoned.id));
    expect([row!.identityVerificationStatus, row!.idDocumentFrontUrl]).toEqual(['pending', null]);
    expect((await job.runOnce()).unfinishedVerificationFilesDeleted).toBe(0);
    expect(await deleteAudits(world.db, [abandoned.id, inReview.id])).toHaveLength(1);
  });

  it('retries a verification file whose deletion failed, after a grace period, without a second audit entry', async () => {
    const member = await insertMember(world.db, world.clock, {
      label: 'Flaky',
      identityVerificationStatus: 'failed',
      verificationCompletedAt: new Date(world.clock.getTime() - 40 * DAY),
    });
    const doc = await insertDocument(world.db, fx.storage, member.id);
    // Storage that refuses to delete (an outage), standing in for the real one for one run.
    const failing = Object.create(fx.storage) as LocalObjectStorage;
    failing.deleteObject = () => Promise.reject(new Error('storage is down'));
    expect((await makeJob(world.db, failing, now).runOnce()).verificationDataDeleted).toBe(1);
    expect(await fileExists(fx.storage, doc.key)).toBe(true);
    const [marked] = await world.db.select().from(identityDocuments).where(eq(identityDocuments.id, doc.id));
    expect([marked!.objectKey, marked!.deletedAt?.toISOString()]).toEqual([doc.key, world.clock.toISOString()]);

    const job = makeJob(world.db, fx.storage, now);
    world.clock = new Date(world.clock.getTime() + 5 * 60_000);
    expect((await job.runOnce()).leftoverFilesDeleted).toBe(0);
    world.clock = new Date(world.clock.getTime() + 6 * 60_000);
    expect((await job.runOnce()).leftoverFilesDeleted).toBe(1);
    expect(await fileExists(fx.storage, doc.key)).toBe(false);
    const [cleared] = await world.db.select().from(identityDocuments).where(eq(identityDocuments.id, doc.id));
    expect(cleared!.objectKey).toBeNull();
    expect(await deleteAudits(world.db, [member.id])).toHaveLength(1);
  });

  it('warns at 11 months once (notification and e-mail), deletes at 12 months only after the warning is 30 days old', async () => {
    const stale = await insertMember(world.db, world.clock, {
      label: 'Stale',
      lastActiveAt: new Date(monthsBefore(world.clock, 11).getTime() - DAY),
    });
    const recent = await insertMember(world.db, world.clock, {
      label: 'Recent',
      lastActiveAt: monthsBefore(world.clock, 10),
    });
    // Inactive for over a year but never warned (e.g. the job was off): warned first, deleted 30 days later.
    const ancient = await insertMember(world.db, world.clock, {
      label: 'Ancient',
      lastActiveAt: monthsBefore(world.clock, 14),
    });
    const job = makeJob(world.db, fx.storage, now);

    const first = await job.runOnce();
    expect(first.inactivityWarnings).toBe(2);
    expect(first.accountsDeleted).toBe(0);
    const warnings = await world.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'account_inactive'),
          inArray(notifications.userId, [stale.id, recent.id, ancient.id]),
        ),
      );
    expect(warnings.map((n) => [n.userId, n.title, n.message]).sort()).toEqual(
      [
        [stale.id, ACCOUNT_INACTIVE_TITLE, ACCOUNT_INACTIVE_MESSAGE],
        [ancient.id, ACCOUNT_INACTIVE_TITLE, ACCOUNT_INACTIVE_MESSAGE],
      ].sort(),
    );
    expect(ACCOUNT_INACTIVE_MESSAGE).toBe(
      'You have not signed in for 11 months. Inactive accounts are deleted after 12 months: sign in within 30 days to keep yours.',
    );
    expect((await inactivityEmailsQueuedFor(world.db, [stale.id, recent.id, ancient.id])).sort()).toEqual(
      [stale.id, ancient.id].sort(),
    );

    // Running again the same day warns nobody twice.
    expect((await job.runOnce()).inactivityWarnings).toBe(0);

    // 29 days later: still not deleted (the warning is not 30 days old).
    world.clock = new Date(world.clock.getTime() + 29 * DAY);
    expect((await job.runOnce()).accountsDeleted).toBe(0);

    // 31 days after the warning: both warned members are past 12 months; the recent one is warned now.
    world.clock = new Date(world.clock.getTime() + 2 * DAY);
    const later = await job.runOnce();
    expect(later.accountsDeleted).toBe(2);
    const rows = await world.db
      .select()
      .from(users)
      .where(inArray(users.id, [stale.id, recent.id, ancient.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of [stale.id, ancient.id]) {
      const row = byId.get(id)!;
      expect(row.deletedAt?.toISOString()).toBe(world.clock.toISOString());
      expect([row.email, row.firstName, row.lastName]).toEqual([null, DELETED_USER_NAME, null]);
    }
    expect(byId.get(recent.id)!.deletedAt).toBeNull();
    expect(byId.get(recent.id)!.inactivityWarnedAt?.toISOString()).toBe(world.clock.toISOString());
    const audits = await deleteAudits(world.db, [stale.id, ancient.id, recent.id]);
    expect(audits.map((a) => [a.userId, a.resource, (a.details as { reason: string }).reason]).sort()).toEqual(
      [
        [stale.id, 'account', 'inactivity'],
        [ancient.id, 'account', 'inactivity'],
      ].sort(),
    );
  });

  it('activity after the warning withdraws it, so the account is not deleted', async () => {
    const member = await insertMember(world.db, world.clock, {
      label: 'Comeback',
      lastActiveAt: monthsBefore(world.clock, 12),
    });
    const job = makeJob(world.db, fx.storage, now);
    expect((await job.runOnce()).inactivityWarnings).toBeGreaterThanOrEqual(1);
    // The member signs in a week later (what the session plugin records on sign-in).
    world.clock = new Date(world.clock.getTime() + 7 * DAY);
    const { recordUserActivity } = await import('../../src/modules/sessions/sessions.repository.js');
    await recordUserActivity(world.db, member.id, world.clock);
    world.clock = new Date(world.clock.getTime() + 40 * DAY);
    await job.runOnce();
    const [row] = await world.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.deletedAt).toBeNull();
    expect(row!.inactivityWarnedAt).toBeNull();
    expect(row!.firstName).toBe('Comeback');
  });

  it('deleting an inactive host cancels their open auction and tells its bidders', async () => {
    const host = await insertMember(world.db, world.clock, {
      label: 'Host',
      lastActiveAt: monthsBefore(world.clock, 13),
      inactivityWarnedAt: new Date(world.clock.getTime() - 31 * DAY),
    });
    const bidder = await insertMember(world.db, world.clock, { label: 'Bidder' });
    await world.db.insert(sessions).values({
      sid: `s-${randomUUID()}`,
      sess: { userId: host.id, createdAt: 0 },
      expire: new Date(world.clock.getTime() + DAY),
      userId: host.id,
    });
    const open = await insertAuction(world.db, {
      creatorId: host.id,
      endTime: new Date(world.clock.getTime() + 3 * DAY),
      title: 'Open coffee',
      bids: [{ bidderId: bidder.id, amount: '25.00', at: new Date(world.clock.getTime() - DAY) }],
    });
    const job = makeJob(world.db, fx.storage, now);
    expect((await job.runOnce()).accountsDeleted).toBe(1);
    const [auction] = await world.db.select().from(auctions).where(eq(auctions.id, open));
    expect([auction!.isActive, auction!.cancelledAt?.toISOString(), auction!.winnerId]).toEqual([
      false,
      world.clock.toISOString(),
      null,
    ]);
    const told = await world.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, bidder.id), eq(notifications.relatedAuctionId, open)));
    expect(told.map((n) => [n.type, n.message])).toEqual([
      ['auction_cancelled', 'The host cancelled "Open coffee". There is no winner and no one will be charged.'],
    ]);
    expect(await world.db.select().from(sessions).where(eq(sessions.userId, host.id))).toEqual([]);
  });
});

describe.each(postgresOnlyFactories())('retention exactly once across two instances on $kind', (factory) => {
  const world = suiteWorld(factory, { clock: new Date('2032-06-01T08:00:00.000Z'), dataDir: true });
  const now = () => world.clock;
  // A second pool on the world's database stands in for a second instance.
  let second: Database;
  let storage: LocalObjectStorage;

  beforeAll(async () => {
    second = await openDatabase({ databaseUrl: connectionUrlOf(world.testDb.database), poolSize: 10 });
    storage = storageOf(world);
  });
  afterAll(async () => {
    await second?.close();
  });

  it('two pools racing delete each due item once and leave the rest', async () => {
    const { db } = world;
    const verified = [];
    const files: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const m = await insertMember(db, world.clock, {
        label: `V${i}`,
        identityVerificationStatus: 'verified',
        verificationCompletedAt: new Date(world.clock.getTime() - 31 * DAY),
      });
      verified.push(m);
      files.push((await insertDocument(db, storage, m.id)).key);
    }
    const keep = await insertMember(db, world.clock, {
      label: 'Keep',
      identityVerificationStatus: 'verified',
      verificationCompletedAt: new Date(world.clock.getTime() - 5 * DAY),
    });
    const keepFile = (await insertDocument(db, storage, keep.id)).key;
    const toWarn = [];
    for (let i = 0; i < 10; i += 1)
      toWarn.push(await insertMember(db, world.clock, { label: `W${i}`, lastActiveAt: monthsBefore(world.clock, 11) }));
    const toDelete = [];
    for (let i = 0; i < 8; i += 1) {
      toDelete.push(
        await insertMember(db, world.clock, {
          label: `D${i}`,
          lastActiveAt: monthsBefore(world.clock, 13),
          inactivityWarnedAt: new Date(world.clock.getTime() - 40 * DAY),
        }),
      );
    }
    const active = await insertMember(db, world.clock, {
      label: 'Active',
      lastActiveAt: new Date(world.clock.getTime() - DAY),
    });

    const jobs = [
      makeJob(db, storage, now),
      makeJob(second.db, storage, now),
      makeJob(db, storage, now),
      makeJob(second.db, storage, now),
    ];
    const results = await Promise.all(jobs.map((job) => job.runOnce()));
    const sum = (key: keyof (typeof results)[number]) => results.reduce((n, r) => n + r[key], 0);
    expect(sum('verificationDataDeleted')).toBe(12);
    expect(sum('inactivityWarnings')).toBe(10);
    expect(sum('accountsDeleted')).toBe(8);

    for (const key of files) expect(await fileExists(storage, key)).toBe(false);
    expect(await fileExists(storage, keepFile)).toBe(true);

    const verificationAudits = await deleteAudits(
      db,
      verified.map((m) => m.id),
    );
    expect(verificationAudits.map((a) => a.userId).sort()).toEqual(verified.map((m) => m.id).sort());
    const warnings = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'account_inactive'),
          inArray(
            notifications.userId,
            toWarn.map((m) => m.id),
          ),
        ),
      );
    expect(warnings.map((n) => n.userId).sort()).toEqual(toWarn.map((m) => m.id).sort());
    expect(
      await inactivityEmailsQueuedFor(
        db,
        toWarn.map((m) => m.id),
      ),
    ).toHaveLength(10);
    const accountAudits = await deleteAudits(
      db,
      toDelete.map((m) => m.id),
    );
    expect(accountAudits.map((a) => a.userId).sort()).toEqual(toDelete.map((m) => m.id).sort());
    const [activeRow] = await db.select().from(users).where(eq(users.id, active.id));
    expect([activeRow!.deletedAt, activeRow!.inactivityWarnedAt]).toEqual([null, null]);
    const [keepRow] = await db.select().from(users).where(eq(users.id, keep.id));
    expect(keepRow!.verificationDataDeletedAt).toBeNull();

    // Nothing is left for another round on either pool.
    const again = await Promise.all([makeJob(db, storage, now).runOnce(), makeJob(second.db, storage, now).runOnce()]);
    expect(again.every((r) => r.verificationDataDeleted + r.inactivityWarnings + r.accountsDeleted === 0)).toBe(true);
  });
});
