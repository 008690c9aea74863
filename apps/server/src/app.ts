import { REQUEST_ID_PATTERN } from '@bid/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from './config/env.js';
import type { Database } from './db/client.js';
import { defaultWebDistDir } from './lib/paths.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { emailAuthRoutes } from './modules/auth/email-auth.routes.js';
import { auctionRoutes, myListsRoutes } from './modules/auctions/auctions.routes.js';
import { bidRoutes } from './modules/auctions/bids.routes.js';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes.js';
import { auctionSharePreview } from './modules/auctions/share-preview.js';
import { buyNowRoutes } from './use-cases/buy-now-and-charge.routes.js';
import { createLifecycleJob } from './use-cases/close-due-auctions.job.js';
import { createBidNoticeWriter } from './modules/auctions/bid-notice-writer.js';
import { createBidQueue } from './modules/auctions/bid-queue.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { notificationChannelRoutes } from './modules/notifications/channels.routes.js';
import { createDeliveryJob, type DeliveryJob } from './modules/notifications/delivery/delivery.job.js';
import { dateInvitationForEmail } from './modules/dates/date-calendar.js';
import { savedSearchRoutes } from './modules/saved-searches/saved-searches.routes.js';
import { queueVisibleAuction } from './modules/saved-searches/saved-searches.service.js';
import {
  createSavedSearchAnnouncer,
  type SavedSearchAnnouncer,
} from './modules/saved-searches/saved-search-announcer.js';
import { onHeldListingPublished } from './modules/auctions/listing-screening.js';
import {
  createSavedSearchDigestJob,
  savedSearchEmailSkipReason,
  type DigestRunResult,
} from './modules/saved-searches/saved-search-emails.js';
import type { PeriodicJob } from './lib/periodic-job.js';
import { createPushSender, type SendPush } from './modules/notifications/delivery/push-sender.js';
import type { RetryPolicy } from './modules/notifications/delivery/retry-policy.js';
import { resolveVapidKeys } from './modules/notifications/delivery/vapid-keys.js';
import { messageRoutes } from './modules/messages/messages.routes.js';
import { isConversationParticipant } from './modules/messages/messages.service.js';
import { paymentRoutes } from './use-cases/payments/payments.routes.js';
import { dateRoutes } from './modules/dates/dates.routes.js';
import { createDateJob } from './modules/dates/date.job.js';
import { createFeedbackJob } from './modules/feedback/feedback.job.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { paymentMethodRoutes } from './modules/payments/payment-methods.routes.js';
import { payoutAccountRoutes } from './modules/payouts/payout-accounts.routes.js';
import { createAuditCheckpointJob } from './modules/audit/audit-checkpoint.job.js';
import { createCheckpointStore, resolveAuditCheckpointKey } from './modules/audit/audit.checkpoint.js';
import { createPaymentProvider, type PaymentProvider } from './modules/payments/providers/index.js';
import { paymentWebhookRoutes } from './use-cases/payment-events/payment-webhooks.routes.js';
import {
  createSandboxEventDelivery,
  type SandboxEventDelivery,
} from './use-cases/payment-events/sandbox-event-delivery.js';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { presenceRoutes } from './modules/users/presence.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { blockRoutes } from './modules/blocks/blocks.routes.js';
import { reportRoutes } from './modules/reports/reports.routes.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { grantModeratorEmails } from './modules/moderation/moderator-role.js';
import { uploadRoutes } from './modules/uploads/uploads.routes.js';
import { sharedPhotoClassifier, type PhotoClassifier } from './lib/photo-classifier/photo-classifier.js';
import { createObjectStorage } from './lib/storage/create-object-storage.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { createRetentionJob } from './modules/retention/retention.job.js';
import { createLogMailer, createSmtpMailer, type Mailer } from './lib/mailer.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { identityRoutes } from './modules/identity/identity.routes.js';
import { createVerificationPartner, type VerificationPartner } from './modules/identity/providers/index.js';
import { compressionPlugin } from './plugins/compression.js';
import { errorsPlugin } from './plugins/errors.js';
import { openApiPlugin } from './plugins/openapi.js';
import { realtimePlugin, type ConversationAuthorizer } from './plugins/realtime.js';
import { ringBellsThrough } from './modules/notifications/notify.js';
import { securityPlugin } from './plugins/security.js';
import { sessionPlugin } from './plugins/session.js';
import { invalidateSessions } from './modules/sessions/session-cache.js';
import { servicePlugin } from './plugins/service.js';
import { webPlugin } from './plugins/web.js';
import { recordRoutes } from './plugins/route-list.js';
import { checkResponsesAgainstEndpoints } from './plugins/response-checks.js';
import { registerJob } from './plugins/jobs.js';
import { createAppClock } from './modules/sandbox-clock/app-clock.js';
import { sandboxClockRoutes } from './modules/sandbox-clock/sandbox-clock.routes.js';
import { followSandboxClock } from './modules/sandbox-clock/sandbox-clock.service.js';

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  logger?: FastifyBaseLogger;
  /** Serve the built web app (off in API tests, which need no build). */
  serveWeb?: boolean;
  now?: () => Date;
  /** Where mail goes; by default SMTP when SMTP_URL is set, otherwise the log. */
  mailer?: Mailer;
  /** Run background jobs (closing auctions, ending-soon notices); off for tests that drive them by hand. */
  runJobs?: boolean;
  /** How often the auction lifecycle job runs (default LIFECYCLE_INTERVAL_MS). */
  lifecycleIntervalMs?: number;
  /** How often the retention job runs (default RETENTION_INTERVAL_MS, hourly). */
  retentionIntervalMs?: number;
  /** How often the audit chain's head is checkpointed outside the database (tests shorten it). */
  auditCheckpointIntervalMs?: number;
  /** How often the date job runs (default DATE_JOB_INTERVAL_MS). */
  dateJobIntervalMs?: number;
  /** Cards and charges; by default Stripe when configured, else the offline sandbox. Tests may wrap it to inject failures. */
  paymentProvider?: PaymentProvider;
  /** Identity checks; by default Stripe Identity when Stripe is configured, else the offline sandbox. */
  identityPartner?: VerificationPartner;
  /** How often the notification delivery job runs (default DELIVERY_INTERVAL_MS). */
  deliveryIntervalMs?: number;
  /** The outbox's backoff (default 5 s doubling to 5 min, given up after 24 h). */
  deliveryRetryPolicy?: RetryPolicy;
  /** Who may follow a conversation's live channel; by default its two participants (tests replace it). */
  conversationAuthorizer?: ConversationAuthorizer;
  /** The image model that screens uploaded photos; by default the process's one (sharedPhotoClassifier). */
  photoClassifier?: PhotoClassifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker (docs/notifications.md); tests run it by hand when jobs are off. */
    notificationDelivery: DeliveryJob;
    /** The saved searches' daily digest (docs/notifications.md "Saved searches"); tests run it by hand. */
    savedSearchDigests: PeriodicJob<DigestRunResult>;
    /** Matches new auctions against saved searches after their commit; tests await `idle()`. */
    savedSearchAnnouncer: SavedSearchAnnouncer;
    /** The sandbox's payment events on their way (docs/payments.md); tests drain them before comparing state. */
    sandboxPaymentEvents: SandboxEventDelivery;
  }
}

/** The published API's version (plugins/openapi.ts): raised when an endpoint changes incompatibly. */
const API_VERSION = '1.0.0';

/** JSON bodies are small in this API; a larger body is refused with a 413. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** TRUST_PROXY=<n>: the n proxies nearest this server may name the client (what Fastify does with a number). */
const trustNearestHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * Every wait has a limit (docs/reliability.md): a client gets this long to send its headers, and
 * this long for a whole request (a picture upload over a slow phone connection included). A
 * WebSocket leaves these limits at its upgrade: it lives as long as the member stays.
 */
const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * Builds the whole application without listening, so that tests and benchmarks run the
 * same code as production (docs/engineering.md §3). The process concerns live in main.ts.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS },
    // While closing (a graceful shutdown, lib/graceful-shutdown.ts) a request that still arrives on
    // an open connection is served, not refused with a 503: the balancer may not have noticed the
    // drain yet on a busy machine, and the answer closes the connection anyway (plugins/service.ts).
    return503OnClosing: false,
    // A sane incoming X-Request-Id (the balancer's, docs/deploy.md) is kept so logs can be
    // followed across hops; anything else gets a new id. Echoed and put in error bodies by the
    // errors plugin; Fastify puts it on every log line of the request (`reqId`).
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : crypto.randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL with bad percent-encoding gets a short fixed message: Fastify's own echoes the whole
    // URL back, however long (found by test/integration/input-fuzzing.test.ts).
    // Fastify answers these before any hook runs, so the request id is added here.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      void reply
        .status(400)
        .header('x-request-id', request.id)
        .send({ message: 'The address of this request is not a valid URL.', code: error.code, requestId: request.id });
    },
  });
  recordRoutes(app);
  // Every answer held to its endpoint; a mismatch fails the test that caused it (plugins/response-checks.ts).
  checkResponsesAgainstEndpoints(app, { enforce: !config.isProduction });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // docs/engineering.md §5: state-changing requests carry JSON or nothing; any other content type is a 415.
  app.removeContentTypeParser(['text/plain']);

  await app.register(errorsPlugin);
  // Before any route: the document is built from the routes registered after it (plugins/openapi.ts).
  await app.register(openApiPlugin, { version: API_VERSION });
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    isProduction: config.isProduction,
    allowStripe: config.stripe !== undefined,
    // With S3 storage the browser PUTs the picture straight to the bucket.
    ...(config.s3 ? { extraConnectOrigins: [new URL(config.s3.endpoint).origin] } : {}),
  });
  // JSON answers of 1 KB or more, Brotli or gzip when the client accepts it (docs/performance.md "Compression").
  await app.register(compressionPlugin);
  // Two times (docs/payments.md, "The test clock"). `realNow` is the real time, for what must
  // never move with a test clock: sessions, sign-in codes and their limits, signed upload URLs,
  // audit checkpoints. `now` is the time every product rule reads (auction ends, soft close,
  // Date Mode, grace periods, reminders, retention): the real time, moved forward by the test
  // clock while the payment sandbox runs outside production.
  const realNow = deps.now ?? (() => new Date());
  const isTestClockOn = !config.isProduction && config.stripe === undefined;
  const clock = createAppClock(realNow);
  const now = isTestClockOn ? clock.now : realNow;
  await app.register(sessionPlugin, {
    db: database.db,
    secret: config.sessionSecret,
    secureCookies: config.publicUrl.startsWith('https://'),
    now: realNow,
    activityNow: now,
  });
  await app.register(realtimePlugin, {
    publicUrl: config.publicUrl,
    database,
    redisUrl: config.redisUrl,
    // Only a conversation's two participants may follow its channel (docs/engineering.md §5).
    authorizeConversation:
      deps.conversationAuthorizer ??
      ((userId, conversationId) => isConversationParticipant(database.db, userId, conversationId)),
  });
  // Every notice written with notify() refreshes its member's bell live once committed (docs/notifications.md).
  ringBellsThrough(database.db, app.realtime);
  await app.register(servicePlugin, { database });

  await app.register(healthRoutes, { database, photoClassifier: deps.photoClassifier ?? sharedPhotoClassifier() });
  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, `BidYourDate <no-reply@${new URL(config.publicUrl).hostname}>`)
      : createLogMailer(app.log));

  await app.register(authRoutes, { db: database.db, config });
  await app.register(emailAuthRoutes, {
    db: database.db,
    mailer,
    config,
    now: realNow,
    moderatorEmails: config.moderatorEmails,
  });
  await app.register(profileRoutes, { db: database.db });
  await app.register(onboardingRoutes, { db: database.db });
  await app.register(myListsRoutes, { db: database.db });
  // New auctions are matched against saved searches after their commit (docs/notifications.md).
  const savedSearchAnnouncer = createSavedSearchAnnouncer({
    db: database.db,
    realtime: app.realtime,
    logger: app.log,
    now,
  });
  app.decorate('savedSearchAnnouncer', savedSearchAnnouncer);
  // Matches still running finish before the database closes.
  app.addHook('onClose', () => savedSearchAnnouncer.idle());
  await app.register(auctionRoutes, {
    db: database.db,
    now,
    requireVerifiedHosts: config.requireVerifiedHosts,
    announceAuction: (auctionId) => savedSearchAnnouncer.announce(auctionId),
    realtime: app.realtime,
  });
  await app.register(watchlistRoutes, { db: database.db, now });
  // The sandbox sends the events Stripe would send, applied by the webhook's own code (docs/payments.md).
  const sandboxEvents = createSandboxEventDelivery({ db: database.db, now, logger: app.log });
  app.addHook('onClose', () => sandboxEvents.stop());
  app.decorate('sandboxPaymentEvents', sandboxEvents);
  const paymentProvider =
    deps.paymentProvider ??
    createPaymentProvider(config, database.db, { now, onEvent: (event) => sandboxEvents.onEvent(event) });
  await app.register(paymentMethodRoutes, { db: database.db, paymentProvider });
  await app.register(bidRoutes, {
    db: database.db,
    now,
    softCloseSeconds: config.softCloseSeconds,
    bidQueue: createBidQueue({ db: database.db, bidsPerMinute: config.bidsPerMinute }),
    paymentProvider,
    realtime: app.realtime,
    bidNotices: createBidNoticeWriter({ db: database.db, realtime: app.realtime, logger: app.log }),
  });
  await app.register(buyNowRoutes, { db: database.db, now, paymentProvider, realtime: app.realtime });
  await app.register(paymentRoutes, { db: database.db, now, paymentProvider, realtime: app.realtime });
  if (config.stripeWebhookSecret) {
    await app.register(paymentWebhookRoutes, { db: database.db, now, secret: config.stripeWebhookSecret });
  }
  await app.register(payoutAccountRoutes, { db: database.db, config, now, paymentProvider });
  await app.register(dateRoutes, {
    db: database.db,
    now,
    paymentProvider,
    publicUrl: config.publicUrl,
    realtime: app.realtime,
  });
  // Feedback after a date and reviews (issue 35, docs/the-date.md "Feedback after the date").
  await app.register(feedbackRoutes, { db: database.db, now, realtime: app.realtime });
  await app.register(messageRoutes, { db: database.db, realtime: app.realtime });
  await app.register(notificationRoutes, { db: database.db, realtime: app.realtime });
  const vapid = await resolveVapidKeys(config, database.db, app.log);
  await app.register(notificationChannelRoutes, {
    db: database.db,
    pushPublicKey: vapid?.publicKey,
    pushAllowedOrigins: config.pushAllowedOrigins,
    sessionSecret: config.sessionSecret,
  });
  const sendPush: SendPush | undefined = vapid ? createPushSender(vapid) : undefined;
  const deliveryJob = createDeliveryJob({
    db: database.db,
    logger: app.log,
    mailer,
    publicUrl: config.publicUrl,
    sessionSecret: config.sessionSecret,
    sendPush,
    isOnline: (userId) => app.realtime.isOnline(userId),
    now,
    emailHooks: {
      skipReason: (notification, at) => savedSearchEmailSkipReason(database.db, notification, at),
      icalEvent: (notification) => dateInvitationForEmail(database.db, config.publicUrl, notification, now()),
    },
    ...(deps.deliveryIntervalMs ? { intervalMs: deps.deliveryIntervalMs } : {}),
    ...(deps.deliveryRetryPolicy ? { retryPolicy: deps.deliveryRetryPolicy } : {}),
  });
  app.decorate('notificationDelivery', deliveryJob);
  // Alerts by e-mail and push (docs/notifications.md): each outbox row sent once across instances.
  registerJob(app, { job: deliveryJob, start: deps.runJobs ?? true });
  const digestJob = createSavedSearchDigestJob({
    db: database.db,
    logger: app.log,
    mailer,
    publicUrl: config.publicUrl,
    sessionSecret: config.sessionSecret,
    now,
  });
  app.decorate('savedSearchDigests', digestJob);
  registerJob(app, { name: 'saved search digests', job: digestJob, start: deps.runJobs ?? true });
  await app.register(savedSearchRoutes, { db: database.db, now });
  // A listing held for review reaches saved searches when a moderator approves it: queued in the
  // approval's transaction, matched after its commit (docs/notifications.md "Saved searches").
  const stopAnnouncingApproved = onHeldListingPublished(async (tx, auction) => {
    await queueVisibleAuction(tx, auction.id);
    return () => savedSearchAnnouncer.announce(auction.id);
  });
  app.addHook('onClose', async () => stopAnnouncingApproved());
  await app.register(searchRoutes, { db: database.db, now });
  await app.register(presenceRoutes, { db: database.db });
  await app.register(userRoutes, { db: database.db, now });
  await app.register(blockRoutes, { db: database.db });
  await app.register(reportRoutes, { db: database.db, now });
  await app.register(moderationRoutes, { db: database.db, now, realtime: app.realtime });
  // MODERATOR_EMAILS grants the role to accounts that exist already (idempotent); sign-in grants it to later ones.
  await grantModeratorEmails(database.db, config.moderatorEmails);
  const photoClassifier = deps.photoClassifier ?? sharedPhotoClassifier();
  await app.register(uploadRoutes, { db: database.db, config, now: realNow, photoClassifier });
  const storage = createObjectStorage(config);
  await app.register(accountRoutes, { db: database.db, paymentProvider, storage, now });
  await app.register(identityRoutes, {
    db: database.db,
    config,
    now,
    partner: deps.identityPartner ?? createVerificationPartner(config),
  });

  // The jobs that read the product's time are built even when they are off (tests that drive
  // them by hand), so that moving the test clock can run them at the new time.
  const runJobs = deps.runJobs ?? true;
  const lifecycleJob = registerJob(app, {
    name: 'lifecycle',
    start: runJobs,
    job: createLifecycleJob({
      db: database.db,
      logger: app.log,
      endingSoonMinutes: config.endingSoonMinutes,
      now,
      ...(deps.lifecycleIntervalMs ? { intervalMs: deps.lifecycleIntervalMs } : {}),
      realtime: app.realtime,
      paymentProvider,
    }),
  });
  // Retention (docs/trust-and-safety.md): exactly once across instances, like the lifecycle job.
  const retentionJob = registerJob(app, {
    name: 'retention',
    start: runJobs,
    job: createRetentionJob({
      db: database.db,
      logger: app.log,
      paymentProvider,
      storage,
      now,
      ...(deps.retentionIntervalMs ? { intervalMs: deps.retentionIntervalMs } : {}),
      onAccountsDeleted: (userIds) => {
        for (const userId of userIds) invalidateSessions(app, { userId });
      },
    }),
  });
  // The date itself (docs/the-date.md): reminders, no-shows, releases, refunds and payouts.
  const dateJob = registerJob(app, {
    name: 'date',
    start: runJobs,
    job: createDateJob({
      db: database.db,
      paymentProvider,
      logger: app.log,
      now,
      ...(deps.dateJobIntervalMs ? { intervalMs: deps.dateJobIntervalMs } : {}),
      realtime: app.realtime,
    }),
  });
  // Feedback reminders and the reveal when a window closes (docs/the-date.md "Feedback after the date").
  const feedbackJob = registerJob(app, {
    name: 'feedback',
    start: runJobs,
    job: createFeedbackJob({ db: database.db, logger: app.log, now, realtime: app.realtime }),
  });
  if (isTestClockOn) {
    const stopFollowing = await followSandboxClock({ db: database.db, clock, realtime: app.realtime, logger: app.log });
    app.addHook('onClose', async () => stopFollowing());
    await app.register(sandboxClockRoutes, {
      db: database.db,
      clock,
      realtime: app.realtime,
      // In order: closing auctions charges winners and creates dates; the date job then settles
      // and pays; retention; and last the outbox, which sends what the others wrote.
      runDueJobs: async () => {
        await lifecycleJob.runAfterCurrent();
        await dateJob.runAfterCurrent();
        await feedbackJob.runAfterCurrent();
        await retentionJob.runAfterCurrent();
        await deliveryJob.runAfterCurrent();
      },
    });
  }
  if (runJobs) {
    // The audit chain's head, signed, outside the database (docs/reliability.md, "The audit chain").
    registerJob(app, {
      job: createAuditCheckpointJob({
        db: database.db,
        store: createCheckpointStore(config),
        key: await resolveAuditCheckpointKey(config),
        now: realNow,
        logger: app.log,
        ...(deps.auditCheckpointIntervalMs ? { intervalMs: deps.auditCheckpointIntervalMs } : {}),
      }),
    });
  }

  if (deps.serveWeb ?? true) {
    await app.register(webPlugin, {
      distDir: config.webDistDir ?? defaultWebDistDir(),
      serveSourceMaps: !config.isProduction,
      publicUrl: config.publicUrl,
      auctionPreview: (id) => auctionSharePreview(database.db, id),
      config: {
        waitlistUrl: config.waitlistUrl,
        softCloseSeconds: config.softCloseSeconds,
        requireVerifiedHosts: config.requireVerifiedHosts,
        testClock: isTestClockOn,
        payments: config.stripe
          ? { provider: 'stripe', publishableKey: config.stripe.publishableKey }
          : { provider: 'sandbox' },
      },
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found', code: 'not_found' }));
  }

  return app;
}
