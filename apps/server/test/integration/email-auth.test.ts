import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, emailOtps, emailVerificationTokens, users } from '../../src/db/schema/index.js';
import { verifyAuditChain } from '../../src/modules/audit/audit.service.js';
import {
  BURNED_CODE_MESSAGE,
  EXPIRED_CODE_MESSAGE,
  INVALID_CODE_MESSAGE,
  INVALID_TOKEN_MESSAGE,
  TOO_MANY_WRONG_CODES_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '../../src/modules/auth/email-auth.service.js';
import { createTestApp } from '../support/app.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { createRecordingMailer } from '../support/mail.js';
import { sessionCookieOf, signInByEmail, withSession } from '../support/session.js';
import { suiteWorld } from '../support/world.js';

let emailCounter = 0;
const freshEmail = () => `person${++emailCounter}.${Date.now()}@example.com`;

describe.each(testDatabaseFactories())('e-mail sign-in on $kind', (factory) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const mailer = createRecordingMailer();
  let clock = new Date('2026-01-01T12:00:00Z');

  beforeAll(async () => {
    testDb = await factory.open();
    app = await createTestApp(testDb.database, { OTP_MAX_PER_EMAIL: '4', OTP_MAX_PER_IP: '100' }, { now: () => clock });
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const send = (email: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email }, headers });
  const verify = (email: string, otp: string) =>
    app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp } });
  const complete = (verificationToken: string, password: string, isSignup: boolean) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/complete-email-auth',
      payload: { verificationToken, password, isSignup },
    });

  it('sends a 6-digit code, stores only its hash, and answers devOtp outside production', async () => {
    const email = freshEmail();
    const res = await send(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Verification code sent');
    expect(body.devOtp).toMatch(/^\d{6}$/);
    const rows = await testDb.database.db.select().from(emailOtps).where(eq(emailOtps.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(body.devOtp);
  });

  it.each(['', 'not-an-email', 'a@b', 'x'.repeat(400) + '@example.com'])(
    'refuses the malformed e-mail %j',
    async (email) => {
      const res = await send(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/email/i);
    },
  );

  it.each(['12345', '1234567', '12a456', '', ' 123456'])('refuses the malformed code %j with 400', async (otp) => {
    const res = await verify(freshEmail(), otp);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter the 6-digit code');
  });

  it('accepts the right code once and never again', async () => {
    const email = freshEmail();
    const { devOtp } = (await send(email)).json();
    const wrong = await verify(email, devOtp === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(INVALID_CODE_MESSAGE);
    const ok = await verify(email, devOtp);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().verificationToken.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url
    const again = await verify(email, devOtp);
    expect(again.statusCode).toBe(400);
  });

  it('keeps the last three codes valid: a new request never cancels a pending one', async () => {
    const email = freshEmail();
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) codes.push((await send(email)).json().devOtp);
    // The oldest of four is retired (unless a later code happens to be the same digits).
    if (!codes.slice(1).includes(codes[0]!)) expect((await verify(email, codes[0]!)).statusCode).toBe(400);
    expect((await verify(email, codes[1]!)).statusCode).toBe(200);
  });

  it('still gives the member a code from their own address after a stranger used up the limit elsewhere', async () => {
    const email = freshEmail();
    const fromStranger = () =>
      app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email }, remoteAddress: '203.0.113.66' });
    // The member asks first; the stranger's requests from elsewhere cancel nothing and use up only their own allowance.
    const membersFirst = (await send(email)).json().devOtp;
    for (let i = 0; i < 4; i++) expect((await fromStranger()).statusCode).toBe(200);
    expect((await fromStranger()).statusCode).toBe(429);
    const membersSecond = await send(email);
    expect(membersSecond.statusCode).toBe(200);
    expect((await verify(email, membersFirst)).statusCode).toBe(200);
  });

  it('never lets a stranger void the code: wrong guesses from elsewhere are limited, then 429', async () => {
    // The third hostile test: five wrong guesses for the victim's e-mail from another address made
    // the victim's right code fail, and 46 wrong guesses in a row were all 400, never 429.
    const email = freshEmail();
    const victim = '198.51.100.10';
    const stranger = '203.0.113.9';
    const verifyFrom = (remoteAddress: string, otp: string, who = email) =>
      app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: who, otp }, remoteAddress });
    const sent = await app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { email },
      remoteAddress: victim,
    });
    const { devOtp } = sent.json<{ devOtp: string }>();
    const wrongCode = devOtp === '999999' ? '888888' : '999999';
    for (let i = 0; i < 10; i++) {
      const res = await verifyFrom(stranger, wrongCode);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_CODE_MESSAGE);
    }
    const limited = await verifyFrom(stranger, wrongCode);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', message: TOO_MANY_WRONG_CODES_MESSAGE });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Past the limit even the right code is refused from there, so guessing gains nothing...
    expect((await verifyFrom(stranger, devOtp)).statusCode).toBe(429);
    // ...and the member's own tries keep working.
    expect((await verifyFrom(victim, devOtp)).statusCode).toBe(200);

    // Per address, whatever the e-mail: 50 wrong codes an hour (10 above, 40 here), then 429.
    for (let i = 0; i < 40; i++) expect((await verifyFrom(stranger, wrongCode, freshEmail())).statusCode).toBe(400);
    expect((await verifyFrom(stranger, wrongCode, freshEmail())).statusCode).toBe(429);
    // The limits lift once the wrong tries leave their windows (Retry-After said when).
    const before = clock;
    clock = new Date(before.getTime() + 60 * 60 * 1000 + 1000);
    try {
      expect((await verifyFrom(stranger, wrongCode, freshEmail())).statusCode).toBe(400);
    } finally {
      clock = before;
    }
  });

  it('expires a code after 10 minutes', async () => {
    const email = freshEmail();
    const { devOtp } = (await send(email)).json();
    const sentAt = clock;
    clock = new Date(sentAt.getTime() + 10 * 60 * 1000 + 1000);
    try {
      const res = await verify(email, devOtp);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(EXPIRED_CODE_MESSAGE);
    } finally {
      clock = sentAt;
    }
  });

  it('burns a code after 5 wrong tries, even for the right code afterwards', async () => {
    const email = freshEmail();
    const { devOtp } = (await send(email)).json();
    const wrongCode = devOtp === '999999' ? '888888' : '999999';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await verify(email, wrongCode)).json().message);
    expect(messages.slice(0, 4)).toEqual(Array(4).fill(INVALID_CODE_MESSAGE));
    expect(messages[4]).toBe(BURNED_CODE_MESSAGE);
    const right = await verify(email, devOtp);
    expect(right.statusCode).toBe(400);
  });

  it('limits codes per e-mail (429) and counts the limit across the window', async () => {
    const email = freshEmail();
    for (let i = 0; i < 4; i++) expect((await send(email)).statusCode).toBe(200);
    const limited = await send(email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      'Too many codes were requested for this email. Please wait a few minutes and try again.',
    );
    const start = clock;
    clock = new Date(start.getTime() + 16 * 60 * 1000);
    try {
      expect((await send(email)).statusCode).toBe(200);
    } finally {
      clock = start;
    }
  });

  it('signs up a new address, rotating into a fresh session', async () => {
    const email = freshEmail();
    const { cookie, body } = await signInByEmail(app, email, 'a good password', true);
    expect(body.message).toBe('Account created');
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(cookie) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, firstName: null });
    const [row] = await testDb.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('signs in with the right password and refuses a wrong one', async () => {
    const email = freshEmail();
    await signInByEmail(app, email, 'the right password', true);
    const again = await signInByEmail(app, email, 'the right password', false);
    expect(again.body.message).toBe('Signed in');

    const { devOtp } = (await send(email)).json();
    const { verificationToken } = (await verify(email, devOtp)).json();
    const wrong = await complete(verificationToken, 'the wrong password', false);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(WRONG_PASSWORD_MESSAGE);
    expect(sessionCookieOf(wrong)).toBeUndefined();
  });

  it('uses a verification token once, and refuses a stale or invented one', async () => {
    const email = freshEmail();
    const { devOtp } = (await send(email)).json();
    const { verificationToken } = (await verify(email, devOtp)).json();
    expect((await complete(verificationToken, 'password one', true)).statusCode).toBe(200);
    const reuse = await complete(verificationToken, 'password one', true);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(INVALID_TOKEN_MESSAGE);
    expect((await complete('invented-token', 'password one', true)).statusCode).toBe(400);

    const second = freshEmail();
    const code = (await send(second)).json().devOtp;
    const token = (await verify(second, code)).json().verificationToken;
    const start = clock;
    clock = new Date(start.getTime() + 16 * 60 * 1000);
    try {
      expect((await complete(token, 'password one', true)).statusCode).toBe(400);
    } finally {
      clock = start;
    }
  });

  it('refuses passwords shorter than 8 or longer than 128 characters', async () => {
    const short = await complete('t', 'short', true);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    const long = await complete('t', 'x'.repeat(129), true);
    expect(long.json().message).toBe('Password must be at most 128 characters');
  });

  it('never stores the verification token itself', async () => {
    const email = freshEmail();
    const { devOtp } = (await send(email)).json();
    const { verificationToken } = (await verify(email, devOtp)).json();
    const rows = await testDb.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(verificationToken);
  });

  describe('no account enumeration', () => {
    it('answers send-otp the same way for members and strangers', async () => {
      const member = freshEmail();
      await signInByEmail(app, member);
      const a = await send(member);
      const b = await send(freshEmail());
      expect(a.statusCode).toBe(b.statusCode);
      expect(Object.keys(a.json()).sort()).toEqual(Object.keys(b.json()).sort());
      expect(a.json().message).toBe(b.json().message);
    });

    it('turns sign-in on an unknown address into a new account (the caller proved they own it)', async () => {
      const email = freshEmail();
      const { body } = await signInByEmail(app, email, 'my new password', false);
      expect(body.message).toBe('Account created');
    });
  });

  it('treats sign-up on an existing address as a password reset: mails the owner and ends other sessions', async () => {
    const email = freshEmail();
    const first = await signInByEmail(app, email, 'original password', true);
    const reset = await signInByEmail(app, email, 'replacement password', true);
    expect(reset.body.message).toBe('Password updated and signed in');
    const oldSession = await app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(first.cookie) });
    expect(oldSession.statusCode).toBe(401);
    const newSession = await app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(reset.cookie) });
    expect(newSession.statusCode).toBe(200);
    await expect(signInByEmail(app, email, 'original password', false)).rejects.toThrow(/401/);
    await expect(signInByEmail(app, email, 'replacement password', false)).resolves.toBeTruthy();
  });

  it('mails the code through the configured mailer', async () => {
    const mailApp = await createTestApp(testDb.database, {}, { now: () => clock, mailer });
    try {
      const email = freshEmail();
      const { devOtp } = (
        await mailApp.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email } })
      ).json();
      const mail = mailer.sent.find((m) => m.to === email);
      expect(mail?.text).toContain(devOtp);
    } finally {
      await mailApp.close();
    }
  });

  it('answers no devOtp when NODE_ENV is unset but the app is public and has mail (the reported takeover)', async () => {
    const publicApp = await createTestApp(
      testDb.database,
      { NODE_ENV: 'development', PUBLIC_URL: 'https://bid.example.com', SMTP_URL: 'smtp://127.0.0.1:2525' },
      { mailer },
    );
    try {
      const email = freshEmail();
      const res = await publicApp.inject({
        method: 'POST',
        url: '/api/auth/send-otp',
        payload: { email },
        headers: { origin: 'https://bid.example.com' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Verification code sent' });
      expect(mailer.sent.find((m) => m.to === email)?.text).toMatch(/code is \d{6}/);
    } finally {
      await publicApp.close();
    }
  });

  it('answers no devOtp in production', async () => {
    const prodApp = await createTestApp(
      testDb.database,
      {
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-production-session-secret-of-40-chars!',
        PUBLIC_URL: 'https://bid.example.com',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        // The test database and the offline providers; production refuses both unless told.
        ALLOW_PGLITE: '1',
        ALLOW_SANDBOX: '1',
        AUDIT_CHECKPOINT_KEY: 'c'.repeat(40),
      },
      { mailer },
    );
    try {
      const res = await prodApp.inject({
        method: 'POST',
        url: '/api/auth/send-otp',
        payload: { email: freshEmail() },
        headers: { origin: 'https://bid.example.com' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Verification code sent' });
    } finally {
      await prodApp.close();
    }
  });
});

describe.each(testDatabaseFactories())('per-address limit on $kind', (factory) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let trustingApp: FastifyInstance;

  beforeAll(async () => {
    testDb = await factory.open();
    app = await createTestApp(testDb.database, { OTP_MAX_PER_IP: '3' });
    trustingApp = await createTestApp(testDb.database, { OTP_MAX_PER_IP: '3', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await app.close();
    await trustingApp.close();
    await testDb.cleanup();
  });

  it('limits codes per client address and ignores X-Forwarded-For unless TRUST_PROXY is on', async () => {
    const spoof = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` });
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/send-otp',
        payload: { email: freshEmail() },
        headers: spoof(i),
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { email: freshEmail() },
      headers: spoof(9),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many codes were requested from your network. Please try again later.');

    // Behind a trusted proxy each forwarded client has its own allowance.
    const behindProxy = await trustingApp.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: { email: freshEmail() },
      headers: spoof(50),
    });
    expect(behindProxy.statusCode).toBe(200);
  });

  it('with TRUST_PROXY=1 takes the address the proxy saw, not one the client wrote in front of it', async () => {
    // The client prepends spoofed addresses; the one proxy appends the real one (198.51.100.7).
    const results: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await trustingApp.inject({
        method: 'POST',
        url: '/api/auth/send-otp',
        payload: { email: freshEmail() },
        headers: { 'x-forwarded-for': `203.0.113.${100 + i}, 198.51.100.7` },
      });
      results.push(res.statusCode);
    }
    expect(results).toEqual([200, 200, 200, 429, 429]);
    const [stored] = await testDb.database.db
      .select({ ip: emailOtps.requestIp })
      .from(emailOtps)
      .where(eq(emailOtps.requestIp, '198.51.100.7'));
    expect(stored?.ip).toBe('198.51.100.7');
  });

  it('passes exactly the limit when code requests from one address race', async () => {
    const raced = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/send-otp',
          payload: { email: freshEmail() },
          remoteAddress: '192.0.2.77',
        }),
      ),
    );
    expect(raced.filter((res) => res.statusCode === 200)).toHaveLength(3);
    expect(raced.filter((res) => res.statusCode === 429)).toHaveLength(9);
  });
});

describe.each(testDatabaseFactories())('sign-in audit trail on $kind', (factory) => {
  const world = suiteWorld(factory);

  it('records successful and failed sign-ins in a valid chain, without secrets', async () => {
    const email = freshEmail();
    const password = 'a secret password';
    const { body } = await signInByEmail(world.app, email, password, true);

    const { devOtp } = (
      await world.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email } })
    ).json();
    const { verificationToken } = (
      await world.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp: devOtp } })
    ).json();
    const wrong = await world.app.inject({
      method: 'POST',
      url: '/api/auth/complete-email-auth',
      payload: { verificationToken, password: 'not the password', isSignup: false },
    });
    expect(wrong.statusCode).toBe(401);
    const { cookie } = await signInByEmail(world.app, email, password, false);
    const logout = await world.app.inject({
      method: 'GET',
      url: '/api/logout',
      cookies: withSession(cookie),
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(logout.statusCode).toBe(302);

    const rows = await world.testDb.database.db.select().from(auditLogs).orderBy(asc(auditLogs.sequence));
    expect(rows.map((r) => [r.action, r.outcome])).toEqual([
      ['login', 'success'],
      ['login', 'failure'],
      ['login', 'success'],
      ['logout', 'success'],
    ]);
    expect(rows[3]!.userId).toBe(body.user.id);
    expect(rows[0]).toMatchObject({ userId: body.user.id, resource: 'session', complianceLevel: 'ial1' });
    const stored = JSON.stringify(rows);
    for (const secret of [password, 'not the password', devOtp, verificationToken])
      expect(stored).not.toContain(secret);
    expect(await verifyAuditChain(world.testDb.database.db)).toEqual({ ok: true, entries: 4 });
  });
});
