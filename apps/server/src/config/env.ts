import path from 'node:path';
import {
  DEFAULT_PHOTO_HOLD_THRESHOLDS,
  PHOTO_CLASSES,
  SIGN_IN_PROVIDERS,
  type PhotoClass,
  type SignInProvider,
} from '@bid/contract';
import { z } from 'zod';
import { DEFAULT_DATABASE_TIME_LIMITS, type DatabaseTimeLimits } from './time-limits.js';

/**
 * Environment parsed once at boot. Every variable is optional in development;
 * in production the secrets that protect users must be set or the boot stops.
 */
const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const DEVELOPMENT_SESSION_SECRET = 'development-only-session-secret-change-me-0123456789';

const rawEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // Every wait for the database has a limit (docs/reliability.md); defaults in db/client.ts.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_IDENTITY_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  AUDIT_CHECKPOINT_KEY: z.string().min(32, 'AUDIT_CHECKPOINT_KEY must be at least 32 characters').optional(),
  REQUIRE_VERIFIED_HOSTS: booleanFlag.optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SEED_DEMO: booleanFlag.optional(),
  TRUST_PROXY: z.string().optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(8000).default(2000),
  // Staging opt-ins for what production otherwise refuses (README.md, "Configuration").
  ALLOW_SANDBOX: booleanFlag.default(false),
  ALLOW_PGLITE: booleanFlag.default(false),
  ALLOW_INSECURE_PUBLIC_URL: booleanFlag.default(false),
  OTP_MAX_PER_EMAIL: z.coerce.number().int().min(1).max(1000).default(5),
  OTP_EMAIL_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  OTP_MAX_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  OTP_IP_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  OTP_MAX_PER_EMAIL_CEILING: z.coerce.number().int().min(1).max(100_000).default(30),
  OTP_EMAIL_CEILING_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  SOFT_CLOSE_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  BIDS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  ENDING_SOON_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  WAITLIST_URL: z.string().min(1).default('/login?mode=signup'),
  // Web push (docs/notifications.md): the VAPID pair (base64url, as web-push generates it) and contact.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https URL')
    .optional(),
  /** Extra push service origins (comma-separated; http allowed), beyond the known push services. */
  PUSH_ALLOWED_ORIGINS: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Comma-separated e-mails that hold the moderator role (docs/trust-and-safety.md). */
  MODERATOR_EMAILS: z.string().optional(),
  /** Scores at or above which an uploaded photo is held, e.g. "Porn=0.7,Hentai=0.7,Sexy=0.85" (docs/trust-and-safety.md "Screening"). */
  PHOTO_HOLD_THRESHOLDS: z.string().optional(),
  // Sign-in providers (docs/engineering.md §4): each one is on only when both its id and secret are set.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  REPLIT_CLIENT_ID: z.string().min(1).optional(),
  REPLIT_CLIENT_SECRET: z.string().min(1).optional(),
  REPLIT_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  TWITTER_CLIENT_ID: z.string().min(1).optional(),
  TWITTER_CLIENT_SECRET: z.string().min(1).optional(),
  TWITTER_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
});

export type RawEnv = z.input<typeof rawEnvSchema>;

/** Every variable the server reads; README.md's configuration table lists each one (a test checks). */
export const CONFIGURATION_VARIABLES = Object.keys(rawEnvSchema.shape) as (keyof RawEnv)[];

/** A sign-in provider the operator registered this app with (docs/engineering.md §4: one set per provider). */
export interface SignInProviderSettings {
  clientId: string;
  clientSecret: string;
  /** Replaces the provider's default issuer (or, for twitter, its fixed X endpoints) when set. */
  issuer: string | undefined;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Limits on every wait for PostgreSQL (docs/reliability.md, "Every wait has a limit"). */
  databaseTimeLimits: DatabaseTimeLimits;
  redisUrl: string | undefined;
  sessionSecret: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  stripe: { secretKey: string; publishableKey: string } | undefined;
  /** Signs Stripe Identity webhooks (docs/trust-and-safety.md); without it the identity webhook refuses every call. */
  stripeIdentityWebhookSecret: string | undefined;
  /** Signs payment webhooks (docs/payments.md, "Webhooks"); without it POST /api/payments/webhook does not exist. */
  stripeWebhookSecret: string | undefined;
  /** Signs the audit chain checkpoints kept outside the database; unset outside production: a key kept in DATA_DIR. */
  auditCheckpointKey: string | undefined;
  /** Hosting an auction needs a verified identity (default on in production only). */
  requireVerifiedHosts: boolean;
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } | undefined;
  seedDemo: boolean;
  /** A bid in the last this-many seconds moves the end this far past the bid (0 turns soft close off). */
  softCloseSeconds: number;
  /** Bidders hear 'ending soon' this many minutes before the end. */
  endingSoonMinutes: number;
  /** Bids one member may place in any minute (docs/engineering.md §5); a person bids a few times a minute at most. */
  bidsPerMinute: number;
  /** Limits on sending sign-in codes (docs/engineering.md §5); one address is often shared by a household or campus. */
  otpRateLimit: {
    /** Per e-mail AND client address together, so a stranger cannot use up a member's allowance. */
    perEmail: number;
    emailWindowMinutes: number;
    perIp: number;
    ipWindowMinutes: number;
    /** Per e-mail from every address: a generous ceiling against mail bombing. */
    perEmailCeiling: number;
    emailCeilingWindowMinutes: number;
  };
  /**
   * Which proxies may name the client address in X-Forwarded-For: false (none), a hop count,
   * or a list of addresses/CIDRs (docs/accounts.md). Never "every hop".
   */
  trustProxy: false | number | string[];
  /**
   * Sign-in codes are answered in the response (`devOtp`) only on a developer's own machine:
   * development or test, no mail configured and a loopback PUBLIC_URL. Anywhere else they go by mail only.
   */
  revealCodesInResponse: boolean;
  /** Prometheus metrics on their own listener, never on the public port (docs/deploy.md). */
  metrics: { port: number; host: string };
  /** On SIGTERM, how long readiness answers 503 before the listener stops (the balancer's notice time). */
  shutdownDelayMs: number;
  waitlistUrl: string;
  logLevel: string;
  webDistDir: string | undefined;
  /** E-mails granted the moderator role at boot and at sign-in (lower-cased; never revoked by removal). */
  moderatorEmails: string[];
  /** Photo classes and the score at or above which a photo is held (DEFAULT_PHOTO_HOLD_THRESHOLDS unless set). */
  photoHoldThresholds: Partial<Record<PhotoClass, number>>;
  /** VAPID keys from the environment; undefined means generated ones (development) or push off (production). */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact about this sender (mailto: or https). */
  vapidSubject: string;
  /** Origins push endpoints may have beyond the known push services (tests, self-hosted services). */
  pushAllowedOrigins: string[];
  /** Only the providers whose client id and secret are both set; the others are off. */
  signInProviders: Partial<Record<SignInProvider, SignInProviderSettings>>;
  /**
   * Unsafe settings production accepts only because an ALLOW_* variable says so (staging):
   * one sentence each, which the boot log repeats as warnings.
   */
  productionOptIns: string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses `env` (usually `process.env`) into the app's configuration, or throws a readable ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings mean "unset" so that `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = rawEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';

  const refusals = isProduction ? productionRefusals(e) : { refused: [], optedIn: [] };
  if (refusals.refused.length > 0) {
    throw new ConfigError(
      `Refusing to start in production (NODE_ENV=production):\n${refusals.refused.map((line) => `  - ${line}`).join('\n')}\n` +
        'See README.md, "Configuration".',
    );
  }

  const stripePartial = Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY);
  if (stripePartial) {
    throw new ConfigError('Set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or neither.');
  }
  const s3Values = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_REGION, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  const s3Count = s3Values.filter(Boolean).length;
  if (s3Count > 0 && s3Count < s3Values.length) {
    throw new ConfigError(
      'S3 storage needs all of S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.',
    );
  }

  const signInProviders = readSignInProviders(e, isProduction);
  const trustProxy = readTrustProxy(e.TRUST_PROXY);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
  }

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeLimits: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS ?? DEFAULT_DATABASE_TIME_LIMITS.connectMs,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS ?? DEFAULT_DATABASE_TIME_LIMITS.statementMs,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS ?? DEFAULT_DATABASE_TIME_LIMITS.lockMs,
      idleInTransactionMs:
        e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? DEFAULT_DATABASE_TIME_LIMITS.idleInTransactionMs,
    },
    redisUrl: e.REDIS_URL,
    sessionSecret: e.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY }
        : undefined,
    stripeIdentityWebhookSecret: e.STRIPE_IDENTITY_WEBHOOK_SECRET,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    auditCheckpointKey: e.AUDIT_CHECKPOINT_KEY,
    requireVerifiedHosts: e.REQUIRE_VERIFIED_HOSTS ?? isProduction,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    // Demo data is for people trying the product, never for production or tests.
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV === 'development',
    otpRateLimit: {
      perEmail: e.OTP_MAX_PER_EMAIL,
      emailWindowMinutes: e.OTP_EMAIL_WINDOW_MINUTES,
      perIp: e.OTP_MAX_PER_IP,
      ipWindowMinutes: e.OTP_IP_WINDOW_MINUTES,
      perEmailCeiling: e.OTP_MAX_PER_EMAIL_CEILING,
      emailCeilingWindowMinutes: e.OTP_EMAIL_CEILING_WINDOW_MINUTES,
    },
    softCloseSeconds: e.SOFT_CLOSE_SECONDS,
    bidsPerMinute: e.BIDS_PER_MINUTE,
    endingSoonMinutes: e.ENDING_SOON_MINUTES,
    trustProxy,
    revealCodesInResponse:
      (e.NODE_ENV === 'development' || e.NODE_ENV === 'test') &&
      !e.SMTP_URL &&
      LOOPBACK_HOSTS.has(new URL(publicUrl).hostname),
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    waitlistUrl: e.WAITLIST_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    moderatorEmails: readModeratorEmails(e.MODERATOR_EMAILS),
    photoHoldThresholds: readPhotoHoldThresholds(e.PHOTO_HOLD_THRESHOLDS),
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:no-reply@${new URL(publicUrl).hostname}`,
    pushAllowedOrigins: readPushAllowedOrigins(e.PUSH_ALLOWED_ORIGINS),
    signInProviders,
    productionOptIns: refusals.optedIn,
  };
}

/** 'http://127.0.0.1:5599, https://push.example' → their origins; anything that is not an http(s) URL stops the boot. */
function readPushAllowedOrigins(raw: string | undefined): string[] {
  if (!raw) return [];
  const origins: string[] = [];
  for (const item of raw
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)) {
    const url = URL.canParse(item) ? new URL(item) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError(`PUSH_ALLOWED_ORIGINS must be comma-separated http(s) origins (not: ${item}).`);
    }
    origins.push(url.origin);
  }
  return [...new Set(origins)];
}

/**
 * Everything that makes a production boot unsafe, all at once so that one failed start names
 * every fix: a missing secret, a toy that would stand in for a real service, a published
 * session secret, cookies over plain http. Toys are accepted on a staging server that says so
 * with an ALLOW_* variable; those become `optedIn` warnings instead.
 */
function productionRefusals(e: z.output<typeof rawEnvSchema>): { refused: string[]; optedIn: string[] } {
  const refused: string[] = [];
  const optedIn: string[] = [];
  const unsafeUnless = (allowed: boolean, allowVariable: string, problem: string) => {
    if (allowed) optedIn.push(`${problem} (allowed by ${allowVariable}=1: never on a server with real members)`);
    else refused.push(`${problem}; set it up, or set ${allowVariable}=1 on a staging server`);
  };

  const missing = [
    !e.SESSION_SECRET && 'SESSION_SECRET',
    !e.PUBLIC_URL && 'PUBLIC_URL',
    // Without mail nobody could receive a sign-in code, and codes must never go to a production log.
    !e.SMTP_URL && 'SMTP_URL',
    // Signs the audit chain's checkpoints outside the database (docs/reliability.md).
    !e.AUDIT_CHECKPOINT_KEY && 'AUDIT_CHECKPOINT_KEY',
  ].filter((name): name is string => Boolean(name));
  for (const name of missing) refused.push(`${name} is not set`);

  if (e.SEED_DEMO) refused.push('SEED_DEMO is on: demo accounts have a published password');
  if (e.SESSION_SECRET && isDevelopmentSessionSecret(e.SESSION_SECRET)) {
    refused.push('SESSION_SECRET is the published development value: anyone could sign session cookies');
  }
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY) {
    unsafeUnless(
      e.ALLOW_SANDBOX,
      'ALLOW_SANDBOX',
      'payments: the offline sandbox would take the cards (no STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY), so no real money moves',
    );
    unsafeUnless(
      e.ALLOW_SANDBOX,
      'ALLOW_SANDBOX',
      'identity: the offline sandbox would verify members (no Stripe keys), and members pick their own result',
    );
  }
  if (!e.DATABASE_URL) {
    unsafeUnless(
      e.ALLOW_PGLITE,
      'ALLOW_PGLITE',
      'database: the embedded PGlite would hold the data (no DATABASE_URL): one process, no failover',
    );
  }
  if (e.PUBLIC_URL && new URL(e.PUBLIC_URL).protocol === 'http:') {
    unsafeUnless(
      e.ALLOW_INSECURE_PUBLIC_URL,
      'ALLOW_INSECURE_PUBLIC_URL',
      `PUBLIC_URL is plain http (${e.PUBLIC_URL}): session cookies would travel unencrypted and not be Secure`,
    );
  }
  return { refused, optedIn };
}

/** The built-in development value, or an obvious placeholder copied from an example. */
function isDevelopmentSessionSecret(secret: string): boolean {
  return secret === DEVELOPMENT_SESSION_SECRET || /change-?me/i.test(secret) || new Set(secret).size < 8;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function readSignInProviders(
  env: z.output<typeof rawEnvSchema>,
  isProduction: boolean,
): Partial<Record<SignInProvider, SignInProviderSettings>> {
  const providers: Partial<Record<SignInProvider, SignInProviderSettings>> = {};
  for (const provider of SIGN_IN_PROVIDERS) {
    const prefix = provider.toUpperCase() as Uppercase<SignInProvider>;
    const clientId = env[`${prefix}_CLIENT_ID` as const];
    const clientSecret = env[`${prefix}_CLIENT_SECRET` as const];
    const issuer = env[`${prefix}_ISSUER` as const];
    // Half a pair is a typo or a forgotten secret; booting with the provider silently off would hide it.
    if (Boolean(clientId) !== Boolean(clientSecret)) {
      throw new ConfigError(`Set both ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, or neither.`);
    }
    // Tokens and secrets travel to the issuer; plain http is only tolerable for a provider on this machine in tests.
    const isPlainHttp = issuer !== undefined && new URL(issuer).protocol === 'http:';
    if (isPlainHttp && (isProduction || !LOOPBACK_HOSTS.has(new URL(issuer).hostname))) {
      throw new ConfigError(
        `${prefix}_ISSUER must use https (http is accepted only for a loopback address outside production).`,
      );
    }
    if (clientId && clientSecret) {
      providers[provider] = { clientId, clientSecret, issuer };
    }
  }
  return providers;
}

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be the number of proxies in front of the server (for example 1 behind one load balancer) ' +
  'or a comma-separated list of their addresses or CIDRs (for example 10.0.0.0/8); ' +
  '"true" would trust every X-Forwarded-For hop, so any client could choose its own address.';

/** '1' → 1, '10.0.0.1, 10.1.0.0/16' → ['10.0.0.1', '10.1.0.0/16'], unset/'0'/'false' → false; 'true' stops the boot. */
function readTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '' || value === 'false' || value === '0' || value === 'no' || value === 'off') {
    return false;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) throw new ConfigError(TRUST_PROXY_HELP);
    return hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const isAddressOrCidr = (entry: string) =>
    /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/.test(entry) || /^[0-9a-f:]*:[0-9a-f:.]*(\/\d{1,3})?$/.test(entry);
  if (entries.length === 0 || !entries.every(isAddressOrCidr)) throw new ConfigError(TRUST_PROXY_HELP);
  return entries;
}

/** 'A@x.com, b@y.org' → ['a@x.com', 'b@y.org']; a value that is not an e-mail stops the boot. */
function readModeratorEmails(raw: string | undefined): string[] {
  if (!raw) return [];
  const emails = raw
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const invalid = emails.filter((email) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email));
  if (invalid.length > 0) {
    throw new ConfigError(`MODERATOR_EMAILS must be comma-separated e-mail addresses (not: ${invalid.join(', ')}).`);
  }
  return [...new Set(emails)];
}

/**
 * 'Porn=0.7,Sexy=0.85' → {Porn: 0.7, Sexy: 0.85}: the classes named are the only ones that hold.
 * Unset: the documented defaults. A class the model does not have, or a score outside 0..1, stops the boot.
 */
export function readPhotoHoldThresholds(value: string | undefined): Partial<Record<PhotoClass, number>> {
  if (value === undefined || value.trim() === '') return { ...DEFAULT_PHOTO_HOLD_THRESHOLDS };
  const thresholds: Partial<Record<PhotoClass, number>> = {};
  for (const part of value.split(',')) {
    const [name = '', score = ''] = part.split('=').map((piece) => piece.trim());
    const threshold = Number(score);
    if (!(PHOTO_CLASSES as readonly string[]).includes(name) || score === '' || !(threshold >= 0 && threshold <= 1)) {
      throw new ConfigError(
        `PHOTO_HOLD_THRESHOLDS must be comma-separated Class=score pairs, Class one of ${PHOTO_CLASSES.join(', ')} and score 0 to 1 (not: ${part.trim()}).`,
      );
    }
    thresholds[name as PhotoClass] = threshold;
  }
  return thresholds;
}
