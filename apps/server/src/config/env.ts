import path from 'node:path';
import { SIGN_IN_PROVIDERS, type SignInProvider } from '@bid/contract';
import { z } from 'zod';

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
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  STRIPE_IDENTITY_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  REQUIRE_VERIFIED_HOSTS: booleanFlag.optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SEED_DEMO: booleanFlag.optional(),
  TRUST_PROXY: z.string().optional(),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  /** Comma-separated e-mails that hold the moderator role (docs/trust-and-safety.md). */
  MODERATOR_EMAILS: z.string().optional(),
  // Sign-in providers (GUIDE §4): each one is on only when both its id and secret are set.
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

/** A sign-in provider the operator registered this app with (GUIDE §4: one set per provider). */
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
  redisUrl: string | undefined;
  sessionSecret: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  stripe: { secretKey: string; publishableKey: string } | undefined;
  /** Signs Stripe Identity webhooks (docs/trust-and-safety.md); without it the identity webhook refuses every call. */
  stripeIdentityWebhookSecret: string | undefined;
  /** Hosting an auction needs a verified identity (default on in production only). */
  requireVerifiedHosts: boolean;
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } | undefined;
  seedDemo: boolean;
  /** A bid in the last this-many seconds moves the end this far past the bid (0 turns soft close off). */
  softCloseSeconds: number;
  /** Bidders hear 'ending soon' this many minutes before the end. */
  endingSoonMinutes: number;
  /** Bids one member may place in any minute (GUIDE §5); a person bids a few times a minute at most. */
  bidsPerMinute: number;
  /** Limits on sending sign-in codes (GUIDE §5); one address is often shared by a household or campus. */
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
  waitlistUrl: string;
  logLevel: string;
  webDistDir: string | undefined;
  /** E-mails granted the moderator role at boot and at sign-in (lower-cased; never revoked by removal). */
  moderatorEmails: string[];
  /** Only the providers whose client id and secret are both set; the others are off. */
  signInProviders: Partial<Record<SignInProvider, SignInProviderSettings>>;
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

  const missingInProduction: string[] = [];
  if (isProduction && !e.SESSION_SECRET) missingInProduction.push('SESSION_SECRET');
  if (isProduction && !e.PUBLIC_URL) missingInProduction.push('PUBLIC_URL');
  // Without mail nobody could receive a sign-in code, and codes must never go to a production log.
  if (isProduction && !e.SMTP_URL) missingInProduction.push('SMTP_URL');
  if (missingInProduction.length > 0) {
    throw new ConfigError(
      `Refusing to start in production without ${listInWords(missingInProduction)}. ` +
        'Set them in the environment (see README.md, "Configuration").',
    );
  }

  if (isProduction && e.SEED_DEMO) {
    throw new ConfigError('SEED_DEMO cannot be turned on in production: demo accounts have a published password.');
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

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    sessionSecret: e.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY }
        : undefined,
    stripeIdentityWebhookSecret: e.STRIPE_IDENTITY_WEBHOOK_SECRET,
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
    waitlistUrl: e.WAITLIST_URL,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    moderatorEmails: readModeratorEmails(e.MODERATOR_EMAILS),
    signInProviders,
  };
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

/** ['A', 'B', 'C'] → 'A, B and C'. */
function listInWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
