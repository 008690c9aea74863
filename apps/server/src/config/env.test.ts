import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

/** A production environment with every real service configured. */
const PRODUCTION: Record<string, string | undefined> = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'k3Vq9-production-secret-0f8a2c71d4e6b5',
  PUBLIC_URL: 'https://bid.example.com/',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  DATABASE_URL: 'postgres://app:secret@db.internal:5432/bid',
  STRIPE_SECRET_KEY: 'sk_live_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
  AUDIT_CHECKPOINT_KEY: 'a'.repeat(40),
};

/** The reasons a production boot is refused (one per line of the error), or [] when it boots. */
function refusalsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.message
      .split('\n')
      .filter((line) => line.startsWith('  - '))
      .map((line) => line.slice(4));
  }
}

describe('loadConfig', () => {
  it('runs in development with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 5000,
      databaseUrl: undefined,
      seedDemo: true,
      publicUrl: 'http://localhost:5000',
      stripe: undefined,
      s3: undefined,
    });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('reads the metrics listener and the shutdown delay', () => {
    const defaults = loadConfig({});
    expect(defaults.metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(defaults.shutdownDelayMs).toBe(2000);
    expect(defaults.trustProxy).toBe(false);
    const set = loadConfig({ METRICS_PORT: '0', METRICS_HOST: '10.0.0.5', SHUTDOWN_DELAY_MS: '500', TRUST_PROXY: '1' });
    expect(set.metrics).toEqual({ port: 0, host: '10.0.0.5' });
    expect(set.shutdownDelayMs).toBe(500);
    expect(set.trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    // The whole drain must fit in the 10 s the shutdown allows.
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '9000' })).toThrow(/SHUTDOWN_DELAY_MS/);
  });

  it('turns demo data off with SEED_DEMO=0 and leaves it off outside development', () => {
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(false);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('refuses to boot in production without SESSION_SECRET, PUBLIC_URL and SMTP_URL, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    const reasons = refusalsOf({ NODE_ENV: 'production' });
    expect(reasons).toEqual(
      expect.arrayContaining(['SESSION_SECRET is not set', 'PUBLIC_URL is not set', 'SMTP_URL is not set']),
    );
    expect(refusalsOf({ ...PRODUCTION, SMTP_URL: undefined })).toEqual(['SMTP_URL is not set']);
    // The audit checkpoints' key: required in production, at least 32 characters anywhere.
    expect(refusalsOf({ ...PRODUCTION, AUDIT_CHECKPOINT_KEY: undefined })).toEqual(['AUDIT_CHECKPOINT_KEY is not set']);
    expect(() => loadConfig({ AUDIT_CHECKPOINT_KEY: 'short' })).toThrow(/AUDIT_CHECKPOINT_KEY must be at least 32/);
  });

  it('boots in production with its secrets and real services, without demo data or opt-ins', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.isProduction).toBe(true);
    expect(config.publicUrl).toBe('https://bid.example.com');
    expect(config.seedDemo).toBe(false);
    expect(config.productionOptIns).toEqual([]);
  });

  it('refuses demo data in production', () => {
    expect(refusalsOf({ ...PRODUCTION, SEED_DEMO: '1' })).toEqual([
      'SEED_DEMO is on: demo accounts have a published password',
    ]);
  });

  // One refusal per unsafe setting, each with its staging opt-in (README.md, "Configuration").
  it('refuses the offline payment and identity sandboxes (no Stripe keys) unless ALLOW_SANDBOX=1', () => {
    const sandboxed = { ...PRODUCTION, STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined };
    const reasons = refusalsOf(sandboxed);
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toMatch(/^payments: the offline sandbox .*set ALLOW_SANDBOX=1 on a staging server$/);
    expect(reasons[1]).toMatch(/^identity: the offline sandbox .*members pick their own result/);
    const staging = loadConfig({ ...sandboxed, ALLOW_SANDBOX: '1' });
    expect(staging.stripe).toBeUndefined();
    expect(staging.productionOptIns).toEqual([
      expect.stringMatching(/^payments: .*allowed by ALLOW_SANDBOX=1/),
      expect.stringMatching(/^identity: .*allowed by ALLOW_SANDBOX=1/),
    ]);
  });

  it('refuses the embedded PGlite database (no DATABASE_URL) unless ALLOW_PGLITE=1', () => {
    const embedded = { ...PRODUCTION, DATABASE_URL: undefined };
    expect(refusalsOf(embedded)).toEqual([expect.stringMatching(/^database: the embedded PGlite .*ALLOW_PGLITE=1/)]);
    expect(loadConfig({ ...embedded, ALLOW_PGLITE: '1' }).productionOptIns).toEqual([
      expect.stringMatching(/^database: .*allowed by ALLOW_PGLITE=1/),
    ]);
  });

  it('refuses the development SESSION_SECRET and obvious placeholders, with no opt-in', () => {
    const developmentSecret = loadConfig({}).sessionSecret;
    for (const secret of [developmentSecret, 'please-change-me-please-change-me-0000', 'x'.repeat(40)]) {
      expect(refusalsOf({ ...PRODUCTION, SESSION_SECRET: secret })).toEqual([
        'SESSION_SECRET is the published development value: anyone could sign session cookies',
      ]);
    }
  });

  it('refuses an http PUBLIC_URL unless ALLOW_INSECURE_PUBLIC_URL=1', () => {
    const plain = { ...PRODUCTION, PUBLIC_URL: 'http://bid.example.com' };
    expect(refusalsOf(plain)).toEqual([
      expect.stringMatching(/^PUBLIC_URL is plain http \(http:\/\/bid\.example\.com\).*ALLOW_INSECURE_PUBLIC_URL=1/),
    ]);
    expect(loadConfig({ ...plain, ALLOW_INSECURE_PUBLIC_URL: '1' }).productionOptIns).toEqual([
      expect.stringMatching(/^PUBLIC_URL is plain http.*allowed by ALLOW_INSECURE_PUBLIC_URL=1/),
    ]);
  });

  it('lists every reason at once, one line each', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: loadConfig({}).sessionSecret, PUBLIC_URL: 'http://x.test' });
    } catch (err) {
      message = (err as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Refusing to start in production (NODE_ENV=production):');
    expect(lines.filter((line) => line.startsWith('  - '))).toHaveLength(7);
    expect(message).toMatch(/SMTP_URL is not set/);
    expect(message).toMatch(/AUDIT_CHECKPOINT_KEY is not set/);
    expect(message).toMatch(/SESSION_SECRET is the published development value/);
    expect(message).toMatch(/^ {2}- payments: /m);
    expect(message).toMatch(/^ {2}- identity: /m);
    expect(message).toMatch(/^ {2}- database: /m);
    expect(message).toMatch(/^ {2}- PUBLIC_URL is plain http/m);
  });

  it('accepts the opt-ins outside production without effect', () => {
    expect(loadConfig({ ALLOW_SANDBOX: '1', ALLOW_PGLITE: 'yes' }).productionOptIns).toEqual([]);
    expect(() => loadConfig({ ALLOW_SANDBOX: 'sure' })).toThrow(/ALLOW_SANDBOX/);
  });

  it('explains bad values by variable name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x/y' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('wants Stripe keys and S3 settings complete or absent', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'photos' })).toThrow(/S3_ENDPOINT/);
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1' });
  });

  it('requires verified hosts in production by default, and reads the identity webhook secret', () => {
    expect(loadConfig({}).requireVerifiedHosts).toBe(false);
    expect(loadConfig({ REQUIRE_VERIFIED_HOSTS: 'on' }).requireVerifiedHosts).toBe(true);
    const production = PRODUCTION;
    expect(loadConfig(production).requireVerifiedHosts).toBe(true);
    expect(loadConfig({ ...production, REQUIRE_VERIFIED_HOSTS: 'off' }).requireVerifiedHosts).toBe(false);
    expect(() => loadConfig({ REQUIRE_VERIFIED_HOSTS: 'maybe' })).toThrow(/REQUIRE_VERIFIED_HOSTS/);
    expect(loadConfig({ STRIPE_IDENTITY_WEBHOOK_SECRET: 'whsec_abc' }).stripeIdentityWebhookSecret).toBe('whsec_abc');
    expect(() => loadConfig({ STRIPE_IDENTITY_WEBHOOK_SECRET: 'abc' })).toThrow(/STRIPE_IDENTITY_WEBHOOK_SECRET/);
  });

  it('turns a sign-in provider on only when both its id and secret are set', () => {
    expect(loadConfig({}).signInProviders).toEqual({});
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', TWITTER_CLIENT_ID: '' });
    expect(config.signInProviders).toEqual({ google: { clientId: 'id', clientSecret: 'secret', issuer: undefined } });
    expect(() => loadConfig({ APPLE_CLIENT_ID: 'id' })).toThrow(/APPLE_CLIENT_ID and APPLE_CLIENT_SECRET/);
    expect(() => loadConfig({ REPLIT_CLIENT_SECRET: 'secret' })).toThrow(ConfigError);
  });

  it('accepts an issuer override over https, and over http only for loopback outside production', () => {
    const pair = { REPLIT_CLIENT_ID: 'id', REPLIT_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ ...pair, REPLIT_ISSUER: 'https://login.example.com/oidc' }).signInProviders.replit).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://login.example.com/oidc',
    });
    expect(loadConfig({ ...pair, REPLIT_ISSUER: 'http://127.0.0.1:4000' }).signInProviders.replit?.issuer).toBe(
      'http://127.0.0.1:4000',
    );
    expect(() => loadConfig({ ...pair, REPLIT_ISSUER: 'http://login.example.com' })).toThrow(
      /REPLIT_ISSUER must use https/,
    );
    expect(() =>
      loadConfig({
        ...pair,
        ...PRODUCTION,
        REPLIT_ISSUER: 'http://localhost:4000',
      }),
    ).toThrow(/REPLIT_ISSUER/);
    expect(() => loadConfig({ GOOGLE_ISSUER: 'not a url' })).toThrow(/GOOGLE_ISSUER/);
  });

  it('reads MODERATOR_EMAILS as a lower-cased list, and refuses a value that is not an e-mail', () => {
    expect(loadConfig({}).moderatorEmails).toEqual([]);
    expect(
      loadConfig({ MODERATOR_EMAILS: ' Ann@Example.com, bo@example.org ,,ann@example.com' }).moderatorEmails,
    ).toEqual(['ann@example.com', 'bo@example.org']);
    expect(() => loadConfig({ MODERATOR_EMAILS: 'ann@example.com, admin' })).toThrow(
      'MODERATOR_EMAILS must be comma-separated e-mail addresses (not: admin).',
    );
  });

  it('reads PHOTO_HOLD_THRESHOLDS: the documented defaults unless set, only the classes named, scores 0 to 1', () => {
    expect(loadConfig({}).photoHoldThresholds).toEqual({ Porn: 0.7, Hentai: 0.7, Sexy: 0.85 });
    expect(loadConfig({ PHOTO_HOLD_THRESHOLDS: ' Porn=0.5 , Sexy=1' }).photoHoldThresholds).toEqual({
      Porn: 0.5,
      Sexy: 1,
    });
    for (const value of ['Nude=0.5', 'Porn=1.5', 'Porn=', 'Porn', 'Porn=-0.1']) {
      expect(() => loadConfig({ PHOTO_HOLD_THRESHOLDS: value })).toThrow(
        `PHOTO_HOLD_THRESHOLDS must be comma-separated Class=score pairs, Class one of Drawing, Hentai, Neutral, Porn, Sexy and score 0 to 1 (not: ${value}).`,
      );
    }
  });

  it('reads the VAPID pair (both or neither, base64url), its subject, and defaults the subject to this host', () => {
    const pair = {
      VAPID_PUBLIC_KEY: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      VAPID_PRIVATE_KEY: 'Ji4JQ-SDpH3WzZTFg8ZDDqzUQMmBWGQ3ddKi1r0jN3E',
    };
    expect(loadConfig({}).vapid).toBeUndefined();
    expect(loadConfig({}).vapidSubject).toBe('mailto:no-reply@localhost');
    expect(loadConfig({ ...pair, VAPID_SUBJECT: 'https://bid.example.com/contact' })).toMatchObject({
      vapid: { publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY },
      vapidSubject: 'https://bid.example.com/contact',
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
      'Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.',
    );
    expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY must be/);
    expect(() => loadConfig({ ...pair, VAPID_SUBJECT: 'http://bid.example.com' })).toThrow(/VAPID_SUBJECT must be/);
  });

  it('reads PUSH_ALLOWED_ORIGINS as origins (http allowed) and refuses anything else', () => {
    expect(loadConfig({}).pushAllowedOrigins).toEqual([]);
    expect(
      loadConfig({ PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:5599/push, https://push.example.com ,' }).pushAllowedOrigins,
    ).toEqual(['http://127.0.0.1:5599', 'https://push.example.com']);
    expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: 'ftp://push.example.com' })).toThrow(/PUSH_ALLOWED_ORIGINS/);
    expect(() => loadConfig({ PUSH_ALLOWED_ORIGINS: 'push.example.com' })).toThrow(/PUSH_ALLOWED_ORIGINS/);
  });

  it('reveals sign-in codes in responses only in development or test, without SMTP_URL, on a loopback PUBLIC_URL', () => {
    expect(loadConfig({}).revealCodesInResponse).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1:5301' }).revealCodesInResponse).toBe(true);
    // The reported takeover: NODE_ENV unset (development), a public address and mail configured.
    expect(
      loadConfig({ PUBLIC_URL: 'https://bid.example.com', SMTP_URL: 'smtp://mail.example.com:25' })
        .revealCodesInResponse,
    ).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://bid.example.com' }).revealCodesInResponse).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).revealCodesInResponse).toBe(false);
    expect(
      loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://localhost:5000', ALLOW_INSECURE_PUBLIC_URL: '1' })
        .revealCodesInResponse,
    ).toBe(false);
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses, and refuses "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    for (const value of ['true', 'yes', 'on', 'everything', '10.0.0.1, example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be the number of proxies/);
    }
  });
});
