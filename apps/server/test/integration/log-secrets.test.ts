import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, REDACTED } from '../../src/lib/logger.js';
import type { Mailer } from '../../src/lib/mailer.js';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { TEST_PUBLIC_URL } from '../support/app.js';
import { insertAuction } from '../support/auctions.js';
import { buyNowAs, HOUR, MINUTE } from '../support/charges.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { createWorld, type Member } from '../support/world.js';

/**
 * Logs carry no secrets (docs/reliability.md): a journey through the real app, logging every
 * level into a captured stream, creates each kind of secret the product hands out (sign-in and
 * reset codes, the verification token, session ids, a signed upload URL, a share-my-date token,
 * a `token=` query parameter) and then searches the whole log for each of them.
 */
describe.each(testDatabaseFactories())('no secret reaches the log, on $kind', (factory) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const logLines: string[] = [];
  const mails: string[] = [];
  /** Every secret the journey creates, by what it is. */
  const secrets: Record<string, string> = {};

  /** Mail goes here, as to SMTP in production (the development log mailer writes codes to the log by design). */
  const mailer: Mailer = {
    description: 'captured by the test',
    send: async ({ text }) => {
      mails.push(text);
    },
  };

  const codeFromLastMail = () => {
    const code = /\b(\d{6})\b/.exec(mails.at(-1) ?? '')?.[1];
    if (!code) throw new Error(`no code in the last mail: ${mails.at(-1)}`);
    return code;
  };

  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const world = createWorld(factory, {
    clock: new Date('2031-11-01T12:00:00.000Z'),
    appOptions: { mailer, logger: createLogger({ level: 'trace', destination }) },
  });

  beforeAll(async () => {
    await world.open();
    ({ testDb, app } = world);
  }, 120_000);

  afterAll(() => world.close());

  async function signUpByCode(email: string, password: string): Promise<string> {
    const sent = await app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email } });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = codeFromLastMail();
    const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp: code } });
    expect(verified.statusCode, verified.body).toBe(200);
    const { verificationToken } = verified.json<{ verificationToken: string }>();
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/complete-email-auth',
      payload: { verificationToken, password, isSignup: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    const cookie = done.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    Object.assign(secrets, { signInCode: code, verificationToken, password, sessionCookie: cookie });
    // The cookie is `<session id>.<signature>`: the bare id is the secret the database holds.
    secrets.sessionId = cookie.split('.')[0]!;
    return cookie;
  }

  it('keeps codes, tokens, session ids and signed URLs out of every log line', async () => {
    const email = `log-secrets-${Date.now()}@example.com`;
    const cookie = await signUpByCode(email, 'a password nobody logs 1');
    const cookies = { [SESSION_COOKIE]: cookie };

    // A reset: a second code to the same address, then a new password.
    expect((await app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email } })).statusCode).toBe(200);
    secrets.resetCode = codeFromLastMail();
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email, otp: secrets.resetCode },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    secrets.resetToken = reset.json<{ verificationToken: string }>().verificationToken;

    // A signed upload URL, used as the browser would.
    const upload = await app.inject({ method: 'POST', url: '/api/objects/upload', cookies });
    expect(upload.statusCode, upload.body).toBe(200);
    const { uploadURL } = upload.json<{ uploadURL: string }>();
    secrets.uploadSignature = new URL(uploadURL, TEST_PUBLIC_URL).searchParams.get('signature')!;
    expect(secrets.uploadSignature.length).toBeGreaterThan(16);
    await app.inject({ method: 'PUT', url: uploadURL, cookies, payload: Buffer.from('not really a picture') });

    // A share-my-date link, from a paid date in Date Mode, read by the trusted contact.
    const host: Member = await world.signUp('Hana', { card: false });
    const winner: Member = await world.signUp('Wes');
    const auctionId = await insertAuction(testDb.database.db, {
      creatorId: host.id,
      endTime: new Date(world.clock.getTime() + 48 * HOUR),
      buyNowPrice: '100.00',
    });
    expect((await buyNowAs(app, auctionId, winner)).statusCode).toBe(200);
    const as = (who: Member) => ({ [SESSION_COOKIE]: who.cookie });
    const startsAt = new Date(world.clock.getTime() + 60 * MINUTE).toISOString();
    const plan = { place: 'Blue Bottle, 5th Ave', startsAt };
    const url = `/api/auctions/${auctionId}`;
    expect(
      (await app.inject({ method: 'POST', url: `${url}/plan`, cookies: as(winner), payload: plan })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'POST', url: `${url}/plan/accept`, cookies: as(host) })).statusCode).toBe(200);
    world.clock = new Date(world.clock.getTime() + HOUR);
    expect((await app.inject({ method: 'POST', url: `${url}/date-mode/start`, cookies: as(host) })).statusCode).toBe(
      200,
    );
    const link = await app.inject({ method: 'POST', url: `${url}/share-link`, cookies: as(winner) });
    expect(link.statusCode, link.body).toBe(200);
    secrets.shareToken = link.json<{ url: string }>().url.split('/').pop()!;
    const shared = await app.inject({ method: 'GET', url: `/api/shared-dates/${secrets.shareToken}` });
    expect(shared.statusCode, shared.body).toBe(200);

    // A forgotten password reset with a mailed code (it ends the member's sessions, so it comes last).
    const resetSent = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/send-code',
      payload: { email },
    });
    expect(resetSent.statusCode, resetSent.body).toBe(200);
    secrets.forgottenPasswordCode = codeFromLastMail();
    secrets.newPassword = 'a new password nobody logs 2';
    const forgotten = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, otp: secrets.forgottenPasswordCode, password: secrets.newPassword },
    });
    expect(forgotten.statusCode, forgotten.body).toBe(200);

    // A `token=` parameter (the form unsubscribe links take), on a route that does not even exist.
    secrets.queryToken = 'unsubscribe-0f9e8d7c6b5a4938';
    await app.inject({ method: 'GET', url: `/api/email/unsubscribe?list=all&token=${secrets.queryToken}` });

    const log = logLines.join('');
    // The log did record the journey: the requests are there, with their secrets replaced.
    expect(log).toContain(`"url":"/api/shared-dates/${REDACTED}"`);
    expect(log).toContain(`signature=${REDACTED}`);
    expect(log).toContain(`token=${REDACTED}`);
    expect(log).toContain('/api/auth/verify-otp');
    expect(log).toContain('/api/auth/reset-password');
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThanOrEqual(6);
      expect(log.includes(secret), `${what} (${secret}) appears in the log`).toBe(false);
    }
  });
});
