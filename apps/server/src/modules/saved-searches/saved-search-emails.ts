import { notificationAppPath, SAVED_SEARCH_DIGEST_SUBJECT, formatAmountPlain, parseMoneyToCents } from '@bid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import type { EmailNotification } from '../notifications/delivery/delivery.job.js';
import { renderAlertEmail } from '../notifications/delivery/email-template.js';
import { signUnsubscribeToken } from '../notifications/delivery/unsubscribe-token.js';
import { claimDueDigests, claimMatchEmail } from './saved-searches.repository.js';

/** At most one e-mail per saved search in this window (docs/notifications.md "Saved searches"). */
export const SAVED_SEARCH_EMAIL_WINDOW_MS = 24 * 60 * 60_000;
/** How often each instance looks for digests due. */
export const SAVED_SEARCH_DIGEST_INTERVAL_MS = 5 * 60_000;
const DIGESTS_PER_RUN = 50;

export const SAVED_SEARCH_EMAIL_SKIPPED =
  "an e-mail about this saved search went out in the last day: it is in tomorrow's digest";

/** The outbox's hook for `saved_search_match` e-mails: one per saved search per day. */
export async function savedSearchEmailSkipReason(
  db: Db,
  notification: EmailNotification,
  now: Date,
): Promise<string | null> {
  if (notification.type !== 'saved_search_match') return null;
  return (await claimMatchEmail(db, notification.id, now, SAVED_SEARCH_EMAIL_WINDOW_MS))
    ? null
    : SAVED_SEARCH_EMAIL_SKIPPED;
}

export interface DigestRunResult {
  sent: number;
  skipped: number;
}

/**
 * The daily digest (docs/notifications.md "Saved searches"): for each saved search whose e-mail
 * went out a day ago or more and that matched auctions since, ONE e-mail listing them. Each
 * digest is claimed (its matches marked) before it is sent, so no instance sends it twice; a
 * send that fails is logged and not retried (its auctions are in the member's bell).
 */
export function createSavedSearchDigestJob(options: {
  db: Db;
  logger: FastifyBaseLogger;
  mailer: Mailer;
  publicUrl: string;
  sessionSecret: string;
  now?: () => Date;
  intervalMs?: number;
}): PeriodicJob<DigestRunResult> {
  const now = options.now ?? (() => new Date());
  async function run(): Promise<DigestRunResult> {
    const result: DigestRunResult = { sent: 0, skipped: 0 };
    const digests = await claimDueDigests(options.db, now(), SAVED_SEARCH_EMAIL_WINDOW_MS, DIGESTS_PER_RUN);
    for (const digest of digests) {
      if (!digest.email || !digest.emailEnabled) {
        result.skipped++;
        continue;
      }
      const lines = digest.matches.map(
        (match) =>
          `"${match.title}", now $${formatAmountPlain(parseMoneyToCents(match.currentBid) ?? 0)}: ${options.publicUrl}${notificationAppPath({ type: 'saved_search_match', relatedAuctionId: match.auctionId })}`,
      );
      const token = signUnsubscribeToken(options.sessionSecret, digest.userId, 'saved_search_match');
      const unsubscribeUrl = `${options.publicUrl}/api/notification-preferences/unsubscribe?token=${encodeURIComponent(token)}`;
      const mail = await renderAlertEmail({
        type: 'saved_search_match',
        title: `${SAVED_SEARCH_DIGEST_SUBJECT} "${digest.name}"`,
        message: `${digest.matches.length} new ${digest.matches.length === 1 ? 'auction matches' : 'auctions match'} "${digest.name}": ${lines.join('; ')}`,
        auctionTitle: null,
        amount: null,
        recipientFirstName: digest.firstName,
        actionUrl: `${options.publicUrl}/browse`,
        unsubscribeUrl,
      });
      try {
        await options.mailer.send({
          to: digest.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        result.sent++;
      } catch (err) {
        options.logger.error({ err, savedSearchId: digest.savedSearchId }, 'saved search digest not sent');
      }
    }
    return result;
  }
  return createPeriodicJob({
    name: 'saved search digests',
    intervalMs: options.intervalMs ?? SAVED_SEARCH_DIGEST_INTERVAL_MS,
    logger: options.logger,
    run,
  });
}
