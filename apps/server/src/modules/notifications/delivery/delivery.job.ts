import {
  isOutOfAppNotificationType,
  notificationAppPath,
  URGENT_PUSH_TYPES,
  type NotificationType,
  type OutOfAppNotificationType,
} from '@bid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { Mailer, MailMessage } from '../../../lib/mailer.js';
import { createPeriodicJob, type PeriodicJob } from '../../../lib/periodic-job.js';
import { renderAlertEmail } from './email-template.js';
import {
  claimDueDeliveries,
  claimMessageEmailSlot,
  deletePushSubscriptionById,
  finishDelivery,
  type ClaimedDelivery,
  type DeliveryOutcome,
} from './delivery.repository.js';
import type { SendPush } from './push-sender.js';
import { DEFAULT_RETRY_POLICY, nextAttemptAfterFailure, type RetryPolicy } from './retry-policy.js';
import { signUnsubscribeToken } from './unsubscribe-token.js';

/** How often each instance looks for due deliveries. */
export const DELIVERY_INTERVAL_MS = 2_000;
/** Deliveries claimed (and sent side by side) at a time. */
const DELIVERY_BATCH = 10;
/** Batches one run sends before yielding to the next run. */
const MAX_BATCHES_PER_RUN = 20;
/**
 * How long a claim holds a row: longer than any send may take (the push timeout, the mailer's
 * timeouts), so no other instance retries a send still in progress; after a crash the row is
 * due again when the lease ends.
 */
export const DELIVERY_LEASE_MS = 10 * 60_000;
/** At most one e-mail per conversation in this window. */
export const MESSAGE_EMAIL_WINDOW_MS = 15 * 60_000;

/** The notification an e-mail is about, as other modules' e-mail hooks see it. */
export interface EmailNotification {
  id: string;
  userId: string;
  type: OutOfAppNotificationType;
  title: string;
  relatedAuctionId: string | null;
}

/**
 * What other modules add to alert e-mails of their own types, wired in app.ts (the notifications
 * module imports none of them): a limit that may skip an e-mail (saved searches' one a day) and
 * a calendar invitation (the agreed date's).
 */
export interface EmailHooks {
  /** A reason to skip this e-mail (recorded as `skipped`), or null to send it. Called just before sending. */
  skipReason?: (notification: EmailNotification, now: Date) => Promise<string | null>;
  /** A calendar invitation to send with this e-mail, if any. */
  icalEvent?: (notification: EmailNotification) => Promise<MailMessage['icalEvent'] | undefined>;
}

export interface DeliveryJobOptions {
  db: Db;
  logger: FastifyBaseLogger;
  mailer: Mailer;
  /** PUBLIC_URL: links in e-mails. */
  publicUrl: string;
  /** Signs unsubscribe tokens (a key derived from it, for that purpose only). */
  sessionSecret: string;
  /** Undefined when push is off (production without VAPID keys). */
  sendPush: SendPush | undefined;
  /** Whether the member has a live socket on any instance (message e-mails only go to the absent). */
  isOnline: (userId: string) => Promise<boolean>;
  now?: () => Date;
  intervalMs?: number;
  retryPolicy?: RetryPolicy;
  emailHooks?: EmailHooks;
}

export interface DeliveryRunResult {
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

export type DeliveryJob = PeriodicJob<DeliveryRunResult>;

/** A failure no retry can fix (a mailbox that does not exist, a push the service refuses). */
class PermanentDeliveryError extends Error {}

/**
 * The outbox worker (docs/notifications.md): every instance runs it; each claims due rows with
 * FOR UPDATE SKIP LOCKED, sends them outside any transaction, and records the outcome. A
 * failure that may pass is retried with exponential backoff (5 s doubling to 5 min) until 24 h
 * after the notification, then given up and logged as an error.
 */
export function createDeliveryJob(options: DeliveryJobOptions): DeliveryJob {
  const now = options.now ?? (() => new Date());
  const policy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
  const { db, logger } = options;

  async function deliver(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
    const notification = delivery.notification;
    if (!notification || !isOutOfAppNotificationType(notification.type)) {
      return { status: 'skipped', reason: 'the notification is gone or stays in the app' };
    }
    if (delivery.recipient.deleted) return { status: 'skipped', reason: 'the account was deleted' };
    if (!delivery.channelEnabled) return { status: 'skipped', reason: 'turned off by the member' };
    try {
      if (delivery.channel === 'email') return await sendEmail(delivery, notification.type);
      return await sendPushMessage(delivery, notification.type);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (err instanceof PermanentDeliveryError) return { status: 'failed', error };
      const nextAttemptAt = nextAttemptAfterFailure(delivery, now(), policy);
      if (!nextAttemptAt) return { status: 'failed', error: `gave up after ${delivery.attempts} attempts: ${error}` };
      return { status: 'retry', error, nextAttemptAt };
    }
  }

  async function sendEmail(delivery: ClaimedDelivery, type: OutOfAppNotificationType): Promise<DeliveryOutcome> {
    const notification = delivery.notification!;
    const to = delivery.recipient.email;
    if (!to) return { status: 'skipped', reason: 'no e-mail address' };
    if (type === 'message_received') {
      if (await options.isOnline(delivery.userId)) return { status: 'skipped', reason: 'the member is online' };
      const conversationKey = `${notification.relatedUserId ?? 'unknown'}:${notification.relatedAuctionId ?? 'direct'}`;
      const slot = await claimMessageEmailSlot(db, {
        userId: delivery.userId,
        conversationKey,
        deliveryId: delivery.id,
        now: now(),
        windowMs: MESSAGE_EMAIL_WINDOW_MS,
      });
      if (!slot)
        return { status: 'skipped', reason: 'an e-mail about this conversation went out in the last 15 minutes' };
    }
    const about: EmailNotification = {
      id: notification.id,
      userId: delivery.userId,
      type,
      title: notification.title,
      relatedAuctionId: notification.relatedAuctionId,
    };
    const skip = (await options.emailHooks?.skipReason?.(about, now())) ?? null;
    if (skip) return { status: 'skipped', reason: skip };
    const icalEvent = await options.emailHooks?.icalEvent?.(about);
    const token = signUnsubscribeToken(options.sessionSecret, delivery.userId, type);
    const unsubscribeUrl = `${options.publicUrl}/api/notification-preferences/unsubscribe?token=${encodeURIComponent(token)}`;
    const mail = await renderAlertEmail({
      type,
      title: notification.title,
      message: notification.message,
      auctionTitle: delivery.auction?.title ?? null,
      amount: delivery.auction?.currentBid ?? null,
      recipientFirstName: delivery.recipient.firstName,
      actionUrl: `${options.publicUrl}${notificationAppPath(notification)}`,
      unsubscribeUrl,
    });
    try {
      await options.mailer.send({
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: {
          // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs here.
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        ...(icalEvent ? { icalEvent } : {}),
      });
    } catch (err) {
      // An SMTP 5xx answer is final (no such mailbox, refused); anything else may pass.
      const code = (err as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number' && code >= 500 && code < 600) {
        throw new PermanentDeliveryError(`SMTP ${code}: ${(err as Error).message}`);
      }
      throw err;
    }
    return { status: 'sent' };
  }

  async function sendPushMessage(delivery: ClaimedDelivery, type: NotificationType): Promise<DeliveryOutcome> {
    const notification = delivery.notification!;
    if (!options.sendPush) return { status: 'skipped', reason: 'push is off on this server' };
    const subscription = delivery.subscription;
    if (!subscription) return { status: 'skipped', reason: 'the device unsubscribed' };
    const status = await options.sendPush(
      subscription,
      { type, title: notification.title, body: notification.message, url: notificationAppPath(notification) },
      { urgent: URGENT_PUSH_TYPES.includes(type) },
    );
    if (status >= 200 && status < 300) return { status: 'sent' };
    if (status === 404 || status === 410) {
      // The browser dropped the subscription: forget the device (its pending rows go with it).
      await deletePushSubscriptionById(db, subscription.id);
      return { status: 'skipped', reason: `push service answered ${status}: subscription deleted` };
    }
    if (status === 429 || status >= 500) throw new Error(`push service answered ${status}`);
    throw new PermanentDeliveryError(`push service refused the push with ${status}`);
  }

  async function run(): Promise<DeliveryRunResult> {
    const result: DeliveryRunResult = { sent: 0, skipped: 0, retried: 0, failed: 0 };
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !job.isStopped(); batch++) {
      const at = now();
      const claimed = await claimDueDeliveries(db, at, new Date(at.getTime() + DELIVERY_LEASE_MS), DELIVERY_BATCH);
      if (claimed.length === 0) break;
      await Promise.all(
        claimed.map(async (delivery) => {
          const outcome = await deliver(delivery);
          await finishDelivery(db, delivery.id, outcome, now());
          if (outcome.status === 'sent') result.sent++;
          else if (outcome.status === 'skipped') result.skipped++;
          else if (outcome.status === 'retry') {
            result.retried++;
            logger.warn(
              { deliveryId: delivery.id, channel: delivery.channel, attempts: delivery.attempts, err: outcome.error },
              'notification delivery failed; will retry',
            );
          } else {
            result.failed++;
            logger.error(
              { deliveryId: delivery.id, channel: delivery.channel, attempts: delivery.attempts, err: outcome.error },
              'notification delivery given up',
            );
          }
        }),
      );
    }
    return result;
  }

  const job: DeliveryJob = createPeriodicJob({
    name: 'notification delivery',
    intervalMs: options.intervalMs ?? DELIVERY_INTERVAL_MS,
    logger,
    run,
  });
  return job;
}
