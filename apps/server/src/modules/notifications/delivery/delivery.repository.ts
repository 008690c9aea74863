import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { pushSubscriptions } from '../../../db/schema/index.js';
import { rowsOf, timestampParam, toDate } from '../../../db/sql-helpers.js';

/** A claimed outbox row with what sending it needs. */
export interface ClaimedDelivery {
  id: number;
  channel: 'email' | 'push';
  attempts: number;
  createdAt: Date;
  userId: string;
  notification: {
    id: string;
    type: string;
    title: string;
    message: string;
    relatedAuctionId: string | null;
    relatedUserId: string | null;
  } | null;
  recipient: { email: string | null; firstName: string | null; deleted: boolean };
  auction: { title: string; currentBid: string } | null;
  subscription: { id: string; endpoint: string; p256dh: string; auth: string } | null;
  /** The member's current choice for this channel and type (a missing row means on). */
  channelEnabled: boolean;
}

interface ClaimedRow {
  id: string | number;
  channel: 'email' | 'push';
  attempts: number;
  created_at: Date | string;
  user_id: string;
  notification_id: string | null;
  type: string | null;
  title: string | null;
  message: string | null;
  related_auction_id: string | null;
  related_user_id: string | null;
  email: string | null;
  first_name: string | null;
  deleted_at: Date | string | null;
  auction_title: string | null;
  current_bid: string | null;
  subscription_id: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  email_on: boolean | null;
  push_on: boolean | null;
}

/**
 * Claims up to `limit` due deliveries for this instance: the rows are locked with FOR UPDATE
 * SKIP LOCKED (another instance claiming at the same moment takes other rows) and their
 * `next_attempt_at` is moved to `leaseUntil`, so once this short transaction commits no instance
 * sees them as due while this one sends. A send that outlives the lease (a crash) is retried.
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    WITH claimed AS (
      UPDATE notification_deliveries d
      SET next_attempt_at = ${timestampParam(leaseUntil)}, attempts = d.attempts + 1
      WHERE d.id IN (
        SELECT id FROM notification_deliveries
        WHERE status = 'pending' AND next_attempt_at <= ${timestampParam(now)}
        ORDER BY next_attempt_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING d.id, d.channel, d.attempts, d.created_at, d.user_id, d.notification_id, d.push_subscription_id
    )
    SELECT c.id, c.channel, c.attempts, c.created_at, c.user_id, c.notification_id,
           n.type, n.title, n.message, n.related_auction_id, n.related_user_id,
           u.email, u.first_name, u.deleted_at,
           a.title AS auction_title, a.current_bid,
           s.id AS subscription_id, s.endpoint, s.p256dh, s.auth,
           p.email AS email_on, p.push AS push_on
    FROM claimed c
    LEFT JOIN notifications n ON n.id = c.notification_id
    LEFT JOIN users u ON u.id = c.user_id
    LEFT JOIN auctions a ON a.id = n.related_auction_id
    LEFT JOIN push_subscriptions s ON s.id = c.push_subscription_id
    LEFT JOIN notification_preferences p ON p.user_id = c.user_id AND p.type = n.type
    ORDER BY c.id`);
  return rowsOf<ClaimedRow>(result).map((row) => ({
    id: Number(row.id),
    channel: row.channel,
    attempts: row.attempts,
    createdAt: toDate(row.created_at),
    userId: row.user_id,
    notification:
      row.notification_id && row.type && row.title !== null && row.message !== null
        ? {
            id: row.notification_id,
            type: row.type,
            title: row.title,
            message: row.message,
            relatedAuctionId: row.related_auction_id,
            relatedUserId: row.related_user_id,
          }
        : null,
    recipient: { email: row.email, firstName: row.first_name, deleted: row.deleted_at !== null },
    auction:
      row.auction_title !== null && row.current_bid !== null
        ? { title: row.auction_title, currentBid: row.current_bid }
        : null,
    subscription:
      row.subscription_id && row.endpoint && row.p256dh && row.auth
        ? { id: row.subscription_id, endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth }
        : null,
    channelEnabled: (row.channel === 'email' ? row.email_on : row.push_on) ?? true,
  }));
}

export type DeliveryOutcome =
  | { status: 'sent' }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; error: string }
  | { status: 'retry'; error: string; nextAttemptAt: Date };

/** Records how a claimed delivery ended (or when it is tried again). */
export async function finishDelivery(db: Db, id: number, outcome: DeliveryOutcome, now: Date): Promise<void> {
  if (outcome.status === 'retry') {
    await db.execute(sql`
      UPDATE notification_deliveries SET next_attempt_at = ${timestampParam(outcome.nextAttemptAt)}, last_error = ${outcome.error}
      WHERE id = ${id} AND status = 'pending'`);
    return;
  }
  const note = outcome.status === 'skipped' ? outcome.reason : outcome.status === 'failed' ? outcome.error : null;
  await db.execute(sql`
    UPDATE notification_deliveries SET status = ${outcome.status}, finished_at = ${timestampParam(now)}, last_error = ${note}
    WHERE id = ${id} AND status = 'pending'`);
}

/**
 * Takes the conversation's e-mail slot for this delivery unless another e-mail about the same
 * conversation took it less than `windowMs` ago: one conditional upsert, so two instances
 * cannot both win. A retry of the same delivery keeps its slot.
 */
export async function claimMessageEmailSlot(
  db: Db,
  input: { userId: string; conversationKey: string; deliveryId: number; now: Date; windowMs: number },
): Promise<boolean> {
  const since = new Date(input.now.getTime() - input.windowMs);
  const result = await db.execute(sql`
    INSERT INTO message_email_slots (user_id, conversation_key, delivery_id, claimed_at)
    VALUES (${input.userId}::uuid, ${input.conversationKey}, ${input.deliveryId}, ${timestampParam(input.now)})
    ON CONFLICT (user_id, conversation_key) DO UPDATE
      SET delivery_id = EXCLUDED.delivery_id, claimed_at = EXCLUDED.claimed_at
      WHERE message_email_slots.claimed_at <= ${timestampParam(since)}
         OR message_email_slots.delivery_id = EXCLUDED.delivery_id
    RETURNING delivery_id`);
  return rowsOf(result).length > 0;
}

/** A push service said the subscription is gone (404/410): forget the device. */
export async function deletePushSubscriptionById(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
