import { randomBytes, randomUUID } from 'node:crypto';
import { sign } from '@fastify/cookie';
import type pg from 'pg';
import { geocode } from '../../apps/server/src/lib/geo.js';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '../../apps/server/src/plugins/session.js';
import { HttpConnection } from './http.js';

/** A signed-in bench member: a user with a complete profile and a live session. */
/** Ready-made accounts, not new sign-ups: onboarding answered, so home is home (docs/accounts.md "Onboarding"). */
const ONBOARDED = JSON.stringify({ photo: 'skipped', card: 'skipped', notifications: 'skipped' });

export interface Member {
  id: string;
  firstName: string;
  /** The `Cookie` header value that signs this member in. */
  cookie: string;
}

const HOME = 'Austin, TX';

/**
 * Creates `count` members straight in SQL, each with a complete profile (docs/product.md §5, so they may
 * bid) in Austin, and a session row as the session plugin writes it at sign-in; the cookie is
 * the session id signed with the app's SESSION_SECRET, exactly as `@fastify/cookie` signs it.
 * Going through the e-mail code flow instead would cost five requests and an argon2 hash per
 * member and measure nothing this benchmark is about.
 */
export async function createMembers(
  pool: pg.Pool,
  input: { count: number; sessionSecret: string; label: string },
): Promise<Member[]> {
  const home = geocode({ location: HOME });
  if (!home) throw new Error(`the gazetteer does not know ${HOME}`);
  const members: Member[] = [];
  const batch = 1000;
  for (let from = 0; from < input.count; from += batch) {
    const size = Math.min(batch, input.count - from);
    const ids = Array.from({ length: size }, () => randomUUID());
    const firstNames = ids.map((_, i) => `${input.label}${from + i + 1}`);
    const emails = ids.map((_, i) => `bench-${input.label.toLowerCase()}-${from + i + 1}@example.com`);
    await pool.query(
      `INSERT INTO users (id, email, first_name, last_name, age, location, country, zip_code, latitude, longitude,
                          sex, open_to_dates_with, bio, onboarding)
       SELECT id, email, first_name, 'Bench', 30, $4, 'United States', '78701', $5, $6,
              'female', '{male,female,other}'::sex[], 'Benchmark member', $7::jsonb
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS t(id, email, first_name)`,
      [ids, emails, firstNames, HOME, home.latitude.toFixed(8), home.longitude.toFixed(8), ONBOARDED],
    );
    const sids = ids.map(() => randomBytes(32).toString('base64url'));
    const createdAt = Date.now();
    await pool.query(
      `INSERT INTO sessions (sid, sess, expire, user_id)
       SELECT sid, jsonb_build_object('userId', user_id, 'createdAt', $3::bigint), $4::timestamptz, user_id
       FROM unnest($1::text[], $2::uuid[]) AS t(sid, user_id)`,
      [sids, ids, createdAt, new Date(createdAt + SESSION_IDLE_MS)],
    );
    ids.forEach((id, i) => {
      const signed = sign(sids[i]!, input.sessionSecret);
      members.push({ id, firstName: firstNames[i]!, cookie: `${SESSION_COOKIE}=${encodeURIComponent(signed)}` });
    });
  }
  return members;
}

const TEST_CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

/**
 * Gives every member a saved card through the real sandbox-provider routes, since a bid needs
 * a payment method on file (issue 6). Returns false when this build of the app has no such
 * routes yet (bids then need no card).
 */
export async function addSandboxCards(baseUrl: string, members: readonly Member[]): Promise<boolean> {
  const queue = [...members];
  let routesExist = true;
  const worker = async () => {
    for (let member = queue.shift(); member && routesExist; member = queue.shift()) {
      const connection = new HttpConnection(baseUrl, member.cookie);
      try {
        const intent = await connection.post('/api/stripe/setup-intent', {});
        if (intent.status === 404) {
          routesExist = false;
          return;
        }
        if (intent.status >= 300) throw new Error(`setup-intent answered ${intent.status}: ${intent.body}`);
        const { clientSecret } = JSON.parse(intent.body) as { clientSecret: string };
        const confirmed = await connection.post('/api/payments/sandbox/confirm-setup', { clientSecret, ...TEST_CARD });
        if (confirmed.status >= 300) throw new Error(`confirm-setup answered ${confirmed.status}: ${confirmed.body}`);
        const outcome = JSON.parse(confirmed.body) as { status: string };
        if (outcome.status !== 'succeeded') throw new Error(`the test card was not saved: ${confirmed.body}`);
      } finally {
        connection.close();
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return routesExist;
}
