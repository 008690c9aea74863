import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../src/plugins/session.js';

export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  return res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
}

export const withSession = (cookie: string | undefined): Record<string, string> =>
  cookie ? { [SESSION_COOKIE]: cookie } : {};

/**
 * Signs a user up (or in) through the real e-mail flow and returns the session cookie.
 * Codes come from `devOtp`, which the API answers on a developer's machine with no mail set up,
 * or from `readCode` (the test's own SMTP server) where mail is configured.
 */
export async function signInByEmail(
  app: FastifyInstance,
  email: string,
  password = 'correct horse battery',
  isSignup = true,
  readCode?: (email: string) => string,
): Promise<{ cookie: string; body: { message: string; user: { id: string } } }> {
  const sent = await app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { email } });
  if (sent.statusCode !== 200) throw new Error(`send-otp failed: ${sent.statusCode} ${sent.body}`);
  const { devOtp } = sent.json<{ devOtp?: string }>();
  const otp = devOtp ?? readCode?.(email);
  const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp } });
  if (verified.statusCode !== 200) throw new Error(`verify-otp failed: ${verified.statusCode} ${verified.body}`);
  const { verificationToken } = verified.json<{ verificationToken: string }>();
  const done = await app.inject({
    method: 'POST',
    url: '/api/auth/complete-email-auth',
    payload: { verificationToken, password, isSignup },
  });
  if (done.statusCode !== 200) throw new Error(`complete failed: ${done.statusCode} ${done.body}`);
  return { cookie: sessionCookieOf(done)!, body: done.json() };
}
