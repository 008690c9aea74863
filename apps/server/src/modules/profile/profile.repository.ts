import { count, countDistinct, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, bids, messages, users, type NewUser } from '../../db/schema/index.js';

export async function updateProfileFields(
  db: Db,
  userId: string,
  fields: Pick<
    NewUser,
    | 'firstName'
    | 'lastName'
    | 'bio'
    | 'age'
    | 'location'
    | 'country'
    | 'zipCode'
    | 'interests'
    | 'sex'
    | 'openToDatesWith'
  > &
    Partial<Pick<NewUser, 'bioReviewStatus' | 'bioReviewReasons' | 'bioReviewSince'>>,
) {
  const [user] = await db.update(users).set(fields).where(eq(users.id, userId)).returning();
  return user;
}

/** The profile page's three stat cards, each one indexed count. */
export async function countProfileStats(db: Db, userId: string) {
  const [[created], [placed], [conversations]] = await Promise.all([
    db.select({ n: count() }).from(auctions).where(eq(auctions.creatorId, userId)),
    db.select({ n: count() }).from(bids).where(eq(bids.bidderId, userId)),
    db
      .select({ n: countDistinct(messages.conversationId) })
      .from(messages)
      .where(or(eq(messages.senderId, userId), eq(messages.receiverId, userId))),
  ]);
  return {
    auctionsCreated: created?.n ?? 0,
    bidsPlaced: placed?.n ?? 0,
    activeConversations: conversations?.n ?? 0,
  };
}
