import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, emailOtps, users } from '../../src/db/schema/index.js';
import { verifyAuditChain } from '../../src/modules/audit/audit.service.js';
import {
  BURNED_CODE_MESSAGE,
  EXPIRED_CODE_MESSAGE,
  INVALID_CODE_MESSAGE,
  TOO_MANY_WRONG_CODES_MESSAGE,
  NO_ACCOUNT_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '../../src/modules/auth/email-auth.service.js';
import { createTestApp } from '../support/app.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { createRecordingMailer } from '../support/mail.js';
import { sessionCookieOf, signInByEmail, withSession } from '../support/session.js';
import { suiteWorld } from '../support/world.js';

/** An error answer without its request id, which differs on every request by design. */
const answerOf = (res: { json(): unknown }) => {
  const { requestId: _requestId, ...rest } = res.json() as Record<string, unknown>;
  return rest;
};

let emailCounter = 0;
const freshEmail = () => `reset${++emailCounter}.${Date.now()}@example.com`;

/**
 * docs/accounts.md: a wrong password is refused when the sign-in code is asked for, the same way
 * as an unknown address; a forgotten password is reset with a mailed code, which ends every other
 * session and is audited.
 */
describe.each(testDatabaseFactories())('password check and reset on $kind', (factory) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const mailer = createRecordingMailer();
  let clock = new Date('2026-03-01T12:00:00Z');

  beforeAll(async () => {
    testDb = await factory.open();
    app = await createTestApp(
      testDb.database,
      { OTP_MAX_PER_EMAIL: '4', OTP_MAX_PER_IP: '1000' },
      { now: () => clock, mailer },
    );
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const sendSignIn = (email: string, password?: string, remoteAddress?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      payload: password === undefined ? { email } : { email, password },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const sendReset = (email: string, remoteAddress?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/send-code',
      payload: { email },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const reset = (email: string, otp: string, password: string, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email, otp, password },
      cookies: withSession(cookie),
    });
  const me = (cookie: string | undefined) =>
    app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(cookie) });
  const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');
  const passwordHashOf = async (email: string) =>
    (await testDb.database.db.select().from(users).where(eq(users.email, email)))[0]?.passwordHash;

  describe('the password is checked when the sign-in code is asked for', () => {
    it('sends the code for the right password', async () => {
      const email = freshEmail();
      await signInByEmail(app, email, 'the right password', true);
      const res = await sendSignIn(email, 'the right password');
      expect(res.statusCode).toBe(200);
      expect(res.json().devOtp).toMatch(/^\d{6}$/);
      expect(mailer.sent.at(-1)).toMatchObject({ to: email });
      expect(mailer.sent.at(-1)!.text).toContain(res.json().devOtp);
    });

    it('answers a wrong password and an unknown address identically, with no code and no mail', async () => {
      const member = freshEmail();
      await signInByEmail(app, member, 'the right password', true);
      const stranger = freshEmail();
      const mailsBefore = mailer.sent.length;
      const wrong = await sendSignIn(member, 'not the password');
      const unknown = await sendSignIn(stranger, 'not the password');
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(answerOf(res)).toEqual({ code: 'invalid_credentials', message: WRONG_PASSWORD_MESSAGE });
      }
      expect(wrong.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(mailer.sent.length).toBe(mailsBefore);
      // Both were recorded for the limits, neither as a usable code.
      for (const email of [member, stranger]) {
        const rows = await testDb.database.db.select().from(emailOtps).where(eq(emailOtps.email, email));
        expect(rows.filter((row) => row.consumedAt === null)).toHaveLength(0);
      }
    });

    it('refuses an account without a password the same way (it sets one with a reset)', async () => {
      const email = freshEmail();
      await testDb.database.db.insert(users).values({ email });
      const res = await sendSignIn(email, 'any password at all');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(WRONG_PASSWORD_MESSAGE);
    });

    it('counts refused passwords against the code limits, so guessing is limited', async () => {
      const email = freshEmail();
      await signInByEmail(app, email, 'the right password', true);
      // The sign-up used one of the four codes this address may ask for.
      for (let i = 0; i < 3; i++) expect((await sendSignIn(email, `guess number ${i}`)).statusCode).toBe(401);
      const limited = await sendSignIn(email, 'the right password');
      expect(limited.statusCode).toBe(429);
      // Over the limit a wrong password is answered just the same: nothing about it is revealed.
      expect(answerOf(await sendSignIn(email, 'another guess'))).toEqual(answerOf(limited));
    });

    it('still sends a code without a password (sign-up), for members and strangers alike', async () => {
      const member = freshEmail();
      await signInByEmail(app, member);
      expect((await sendSignIn(member)).statusCode).toBe(200);
      expect((await sendSignIn(freshEmail())).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/reset-password/send-code', () => {
    it('answers members and unknown addresses the same way, and mails the code to both', async () => {
      const member = freshEmail();
      await signInByEmail(app, member);
      const stranger = freshEmail();
      const a = await sendReset(member);
      const b = await sendReset(stranger);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(Object.keys(a.json()).sort()).toEqual(['devOtp', 'message']);
      expect(Object.keys(b.json()).sort()).toEqual(['devOtp', 'message']);
      expect(a.json().message).toBe(b.json().message);
      expect(a.headers['content-type']).toBe(b.headers['content-type']);
      for (const [email, res] of [
        [member, a],
        [stranger, b],
      ] as const) {
        const mail = mailer.sent.filter((m) => m.to === email).at(-1)!;
        expect(mail.subject).toContain('password reset code');
        expect(mail.text).toContain(res.json().devOtp);
      }
    });

    it('refuses a malformed address with 400', async () => {
      const res = await sendReset('not-an-email');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid email address');
    });

    it('shares the sign-in code limits: per e-mail and address, then 429', async () => {
      const email = freshEmail();
      await signInByEmail(app, email);
      expect((await sendSignIn(email)).statusCode).toBe(200);
      expect((await sendReset(email)).statusCode).toBe(200);
      expect((await sendReset(email)).statusCode).toBe(200);
      const limited = await sendReset(email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(
        'Too many codes were requested for this email. Please wait a few minutes and try again.',
      );
      // Another address still gets its own allowance.
      expect((await sendReset(email, '203.0.113.9')).statusCode).toBe(200);
      const start = clock;
      clock = new Date(start.getTime() + 16 * 60 * 1000);
      try {
        expect((await sendReset(email)).statusCode).toBe(200);
      } finally {
        clock = start;
      }
    });

    it('passes exactly the limit when reset requests race', async () => {
      const email = freshEmail();
      const answers = await Promise.all(Array.from({ length: 8 }, () => sendReset(email, '198.51.100.20')));
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(4);
      expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(4);
    });
  });

  describe('POST /api/auth/reset-password', () => {
    it('sets the new password, refuses the old one, ends every other session and signs the caller in', async () => {
      const email = freshEmail();
      const first = await signInByEmail(app, email, 'the old password', true);
      const second = await signInByEmail(app, email, 'the old password', false);
      const { devOtp } = (await sendReset(email)).json();

      const res = await reset(email, devOtp, 'the new password');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Password updated and signed in', user: { email } });
      const cookie = sessionCookieOf(res);
      expect(cookie).toBeTruthy();
      expect((await me(cookie)).statusCode).toBe(200);
      expect((await me(first.cookie)).statusCode).toBe(401);
      expect((await me(second.cookie)).statusCode).toBe(401);

      // From another address: this one has used its allowance of codes for the e-mail.
      expect((await sendSignIn(email, 'the old password', '203.0.113.40')).statusCode).toBe(401);
      const sent = await sendSignIn(email, 'the new password', '203.0.113.40');
      expect(sent.statusCode).toBe(200);
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { email, otp: sent.json().devOtp },
      });
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/complete-email-auth',
        payload: {
          verificationToken: verified.json().verificationToken,
          password: 'the new password',
          isSignup: false,
        },
      });
      expect(signedIn.json().message).toBe('Signed in');

      const notice = mailer.sent.filter((m) => m.to === email).find((m) => m.subject.includes('password was changed'));
      expect(notice?.text).toContain('other sessions were signed out');
    });

    it('uses a code once', async () => {
      const email = freshEmail();
      await signInByEmail(app, email, 'the old password', true);
      const { devOtp } = (await sendReset(email)).json();
      expect((await reset(email, devOtp, 'the new password')).statusCode).toBe(200);
      const again = await reset(email, devOtp, 'a third password');
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(INVALID_CODE_MESSAGE);
      await expect(signInByEmail(app, email, 'the new password', false)).resolves.toBeTruthy();
    });

    it('a wrong code changes nothing and keeps the sessions; five wrong tries burn the code', async () => {
      const email = freshEmail();
      const session = await signInByEmail(app, email, 'the old password', true);
      const hashBefore = await passwordHashOf(email);
      const { devOtp } = (await sendReset(email)).json();
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) {
        const wrong = await reset(email, otherCode(devOtp), 'the new password');
        expect(wrong.statusCode).toBe(400);
        expect(sessionCookieOf(wrong)).toBeUndefined();
        messages.push(wrong.json().message);
      }
      expect(messages.slice(0, 4)).toEqual(Array(4).fill(INVALID_CODE_MESSAGE));
      expect(messages[4]).toBe(BURNED_CODE_MESSAGE);
      expect((await reset(email, devOtp, 'the new password')).statusCode).toBe(400);
      expect(await passwordHashOf(email)).toBe(hashBefore);
      expect((await me(session.cookie)).statusCode).toBe(200);
    });

    it('wrong codes from another address never burn the member’s reset code; past the limit, 429', async () => {
      const email = freshEmail();
      await signInByEmail(app, email, 'the old password', true);
      const { devOtp } = (await sendReset(email, '198.51.100.20')).json();
      const resetFrom = (remoteAddress: string, otp: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { email, otp, password: 'the new password' },
          remoteAddress,
        });
      for (let i = 0; i < 10; i++) expect((await resetFrom('203.0.113.50', otherCode(devOtp))).statusCode).toBe(400);
      const limited = await resetFrom('203.0.113.50', otherCode(devOtp));
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(TOO_MANY_WRONG_CODES_MESSAGE);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await resetFrom('198.51.100.20', devOtp)).statusCode).toBe(200);
    });

    it('refuses an expired code with its own message and changes nothing', async () => {
      const email = freshEmail();
      await signInByEmail(app, email, 'the old password', true);
      const hashBefore = await passwordHashOf(email);
      const { devOtp } = (await sendReset(email)).json();
      const start = clock;
      clock = new Date(start.getTime() + 10 * 60 * 1000 + 1000);
      try {
        const res = await reset(email, devOtp, 'the new password');
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(EXPIRED_CODE_MESSAGE);
      } finally {
        clock = start;
      }
      expect(await passwordHashOf(email)).toBe(hashBefore);
    });

    it('answers a wrong code for an unknown address exactly as for a member', async () => {
      const member = freshEmail();
      await signInByEmail(app, member);
      const stranger = freshEmail();
      await sendReset(member);
      await sendReset(stranger);
      const a = await reset(member, '000000', 'the new password');
      const b = await reset(stranger, '000000', 'the new password');
      // Unless 000000 happened to be one of the codes, both are the same refusal.
      if (a.statusCode === 400 && b.statusCode === 400) expect(answerOf(a)).toEqual(answerOf(b));
      const neverAsked = await reset(freshEmail(), '123456', 'the new password');
      expect(neverAsked.statusCode).toBe(400);
      expect(neverAsked.json().message).toBe(INVALID_CODE_MESSAGE);
    });

    it('tells the mailbox owner of an address without an account to sign up, and creates nothing', async () => {
      const email = freshEmail();
      const { devOtp } = (await sendReset(email)).json();
      const res = await reset(email, devOtp, 'the new password');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NO_ACCOUNT_MESSAGE);
      expect(await testDb.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });

    it('applies the password rules and consumes no code for a refused password', async () => {
      const email = freshEmail();
      await signInByEmail(app, email, 'the old password', true);
      const { devOtp } = (await sendReset(email)).json();
      const short = await reset(email, devOtp, 'short');
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('Password must be at least 8 characters');
      const long = await reset(email, devOtp, 'x'.repeat(129));
      expect(long.json().message).toBe('Password must be at most 128 characters');
      expect((await reset(email, devOtp, 'a long enough one')).statusCode).toBe(200);
    });

    it('sets a first password on an account that had none (provider sign-in only)', async () => {
      const email = freshEmail();
      await testDb.database.db.insert(users).values({ email });
      const { devOtp } = (await sendReset(email)).json();
      expect((await reset(email, devOtp, 'my first password')).statusCode).toBe(200);
      expect((await sendSignIn(email, 'my first password')).statusCode).toBe(200);
    });
  });
});

describe.each(testDatabaseFactories())('password reset audit trail on $kind', (factory) => {
  const world = suiteWorld(factory);

  it('records the failed and the successful reset in a valid chain, without secrets', async () => {
    const email = freshEmail();
    const { body } = await signInByEmail(world.app, email, 'the old password', true);
    const send = () =>
      world.app.inject({ method: 'POST', url: '/api/auth/reset-password/send-code', payload: { email } });
    const { devOtp } = (await send()).json();
    const wrongCode = devOtp === '000000' ? '111111' : '000000';
    const attempt = (otp: string) =>
      world.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email, otp, password: 'the new password' },
      });
    expect((await attempt(wrongCode)).statusCode).toBe(400);
    expect((await attempt(devOtp)).statusCode).toBe(200);

    const rows = await world.testDb.database.db.select().from(auditLogs).orderBy(asc(auditLogs.sequence));
    expect(rows.map((r) => [r.action, r.outcome, r.details])).toEqual([
      ['login', 'success', { method: 'email', reason: 'account_created' }],
      ['login', 'failure', { method: 'password_reset', reason: 'bad_request' }],
      ['login', 'success', { method: 'password_reset', reason: 'password_reset' }],
    ]);
    expect(rows[2]).toMatchObject({ userId: body.user.id, resource: 'session' });
    const stored = JSON.stringify(rows);
    for (const secret of ['the old password', 'the new password', devOtp]) expect(stored).not.toContain(secret);
    expect(await verifyAuditChain(world.testDb.database.db)).toEqual({ ok: true, entries: 3 });
  });
});
