import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { hashPassword } from '../lib/passwords.js';
import { sandboxCustomerId, sandboxId } from '../modules/payments/providers/sandbox-ids.js';
import {
  auctions,
  profilePhotos,
  bids,
  sandboxPaymentMethods,
  users,
  type NewAuction,
  type NewBid,
  type NewUser,
} from '../db/schema/index.js';
import type { ObjectStorage } from '../lib/storage/object-storage.js';
import { storeDemoAvatar } from './demo-avatars.js';
import { DEMO_COUNTRY } from './demo-content.js';
import { planDemoData } from './demo-plan.js';
import { seedDemoStage } from './demo-stages.js';

/** Published on purpose (README, login hints): the demo runs in development only, never in production. */
export const DEMO_PASSWORD = 'demo-password-2025';
/** A reserved `.test` domain, so no demo address can ever receive mail. */
export const DEMO_EMAIL_DOMAIN = 'demo.bidyourdate.test';

/** Any constant works; it only has to differ from the other advisory lock keys of the app. */
const DEMO_SEED_LOCK_KEY = 7_311_202_502;

export interface DemoSeedCounts {
  users: number;
  auctions: number;
  bids: number;
}

export function demoEmail(firstName: string, lastName: string): string {
  return `${firstName}.${lastName}@${DEMO_EMAIL_DOMAIN}`.toLowerCase();
}

async function hasAnyUser(db: Pick<Db, 'select'>): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

export interface DemoSeedOptions {
  /**
   * Give every demo member a saved sandbox test card (4242…), so a visitor signed in as one can
   * bid at once (docs/payments.md, "A card on file to bid"). Only when the sandbox is the payment
   * provider: Stripe would not know these customers.
   */
  sandboxCards?: boolean;
  /** Where uploaded pictures live: with it, every demo member gets a drawn portrait as their photo. */
  storage?: ObjectStorage;
}

/**
 * Loads the demo data set into an empty database and returns what it inserted, or
 * returns null and changes nothing when any user exists: demo rows must never mix
 * with real accounts.
 */
export async function seedDemoDataIfEmpty(
  db: Db,
  now: Date = new Date(),
  options: DemoSeedOptions = {},
): Promise<DemoSeedCounts | null> {
  // Cheap check first, so a populated database never pays for hashing a password.
  if (await hasAnyUser(db)) return null;

  // argon2id is deliberately slow; one hash shared by all demo users keeps boot fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const plan = planDemoData(now);

  // Client-side ids let bids and winners refer to rows inserted in the same statement batch.
  const userIds = plan.users.map(() => randomUUID());
  const auctionIds = plan.auctions.map(() => randomUUID());
  const idOf = (ids: string[], index: number): string => {
    const id = ids[index];
    if (!id) throw new Error(`demo plan refers to missing row ${index}`);
    return id;
  };

  // Every demo member gets a drawn portrait as their (main) photo when there is storage to keep it.
  const avatars = options.storage
    ? await Promise.all(userIds.map((id, index) => storeDemoAvatar(options.storage!, index, randomUUID())))
    : [];

  // The plan's people and auctions name their fields as the tables name their columns.
  const userRows: NewUser[] = plan.users.map((user, index) => ({
    ...user,
    id: idOf(userIds, index),
    email: demoEmail(user.firstName, user.lastName),
    passwordHash,
    profileImageUrl: avatars[index]?.url ?? null,
    country: DEMO_COUNTRY,
    updatedAt: user.createdAt,
    // The sandbox derives a customer id from this key, as the payment-method routes would.
    stripeCustomerId: options.sandboxCards ? sandboxCustomerId(`customer-${idOf(userIds, index)}`) : null,
    // Demo members are ready-made accounts, not new sign-ups: they skip onboarding (docs/accounts.md).
    onboarding: { photo: 'skipped', card: 'skipped', notifications: 'skipped' },
  }));
  const cardRows = userRows.flatMap((user) =>
    user.stripeCustomerId
      ? [
          {
            id: sandboxId('pm'),
            customerId: user.stripeCustomerId,
            brand: 'visa',
            last4: '4242',
            expMonth: 12,
            expYear: now.getUTCFullYear() + 4,
            chargeBehavior: 'succeeds',
          },
        ]
      : [],
  );

  // An auction's people are indexes into the plan's users, and its stage is seedDemoStage's, not a column.
  const auctionRows: NewAuction[] = plan.auctions.map(({ creator, winner, stage: _stage, ...auction }, index) => ({
    ...auction,
    id: idOf(auctionIds, index),
    creatorId: idOf(userIds, creator),
    paymentNotes: auction.paymentNotes ?? null,
    winnerId: winner === null ? null : idOf(userIds, winner),
  }));

  const bidRows: NewBid[] = plan.bids.map((bid) => ({
    auctionId: idOf(auctionIds, bid.auction),
    bidderId: idOf(userIds, bid.bidder),
    amount: bid.amount,
    createdAt: bid.createdAt,
  }));

  return db.transaction(async (tx) => {
    // Two app instances booting at once must not both seed: the second waits here,
    // then sees the first one's users and backs off.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY}::bigint)`);
    if (await hasAnyUser(tx)) return null;

    await tx.insert(users).values(userRows);
    await tx.insert(auctions).values(auctionRows);
    if (bidRows.length > 0) await tx.insert(bids).values(bidRows);
    if (cardRows.length > 0) await tx.insert(sandboxPaymentMethods).values(cardRows);
    // The won auctions' payments and dates (docs/the-date.md, "The demo's dates"): they are
    // charged to the demo cards, so only when the sandbox holds those cards.
    if (options.sandboxCards) {
      for (const [index, auction] of plan.auctions.entries()) {
        if (auction.stage === null || auction.winner === null) continue;
        const winner = userRows[auction.winner]!;
        await seedDemoStage(
          tx,
          {
            stage: auction.stage,
            auctionId: idOf(auctionIds, index),
            auctionTitle: auction.title,
            dateType: auction.dateType,
            amount: auction.currentBid,
            hostId: idOf(userIds, auction.creator),
            winnerId: winner.id!,
            customerId: winner.stripeCustomerId!,
            auctionEndedAt: auction.endTime,
          },
          now,
        );
      }
    }
    if (avatars.length > 0) {
      await tx
        .insert(profilePhotos)
        .values(avatars.map((avatar, index) => ({ ...avatar, userId: idOf(userIds, index), position: 0 })));
    }
    return { users: userRows.length, auctions: auctionRows.length, bids: bidRows.length };
  });
}
