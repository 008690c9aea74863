import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

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

  it('turns demo data off with SEED_DEMO=0 and leaves it off outside development', () => {
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(false);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('refuses to boot in production without SESSION_SECRET, PUBLIC_URL and SMTP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/without SESSION_SECRET, PUBLIC_URL and SMTP_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toThrow(
      /without PUBLIC_URL and SMTP_URL/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://bid.example.com' }),
    ).toThrow(/without SMTP_URL\./);
  });

  it('boots in production with its secrets, without demo data', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(48),
      PUBLIC_URL: 'https://bid.example.com/',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
    });
    expect(config.isProduction).toBe(true);
    expect(config.publicUrl).toBe('https://bid.example.com');
    expect(config.seedDemo).toBe(false);
  });

  it('refuses demo data in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 's'.repeat(48),
        PUBLIC_URL: 'https://x.test',
        SMTP_URL: 'smtp://localhost:25',
        SEED_DEMO: '1',
      }),
    ).toThrow(/SEED_DEMO/);
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
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 's'.repeat(48),
      PUBLIC_URL: 'https://bid.example.com',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
    };
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
        REPLIT_ISSUER: 'http://localhost:4000',
        NODE_ENV: 'production',
        SESSION_SECRET: 's'.repeat(48),
        PUBLIC_URL: 'https://bid.example.com',
        SMTP_URL: 'smtp://localhost:25',
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
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 's'.repeat(48),
        PUBLIC_URL: 'http://localhost:5000',
        SMTP_URL: 'smtp://localhost:25',
      }).revealCodesInResponse,
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
