import { randomUUID } from 'node:crypto';
import type { AuthorizationWorld, Caller, MatrixRequest } from './authorization-world.js';
import { HOUR } from './authorization-world.js';
import { makePng } from './images.js';
import { FUTURE_EXPIRY } from './payments.js';
import { expect } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { photoReviews } from '../../src/db/schema/index.js';
import { signUnsubscribeToken } from '../../src/modules/notifications/delivery/unsubscribe-token.js';
import { completeProfile, randomFirstName } from './profiles.js';
import { auctionInput } from './world.js';

/**
 * The authorization matrix (docs/reliability.md): one row per registered route, keyed
 * `METHOD url` exactly as the server registered it. A row names the route's owner, builds the
 * concrete request from the world, and gives the status each of the three callers gets:
 * nobody (no session), another signed-in member (`world.stranger` unless the row says
 * otherwise) and the owner.
 */

export type Status = number | readonly number[];

export interface Prepared {
  request: MatrixRequest;
  /** The caller the route belongs to; undefined for public sign-in routes whose owner is "anyone". */
  owner: Caller | undefined;
  /** Another member other than the world's stranger, when the call would spend or end them (logout, account deletion). */
  other?: Caller;
  /** Markers this route shows on purpose to whoever may call it (the shared date's place). */
  publicValues?: readonly string[];
}

export interface MatrixRow {
  route: string;
  /** Who "the owner" is for this route. */
  owner: string;
  prepare(world: AuthorizationWorld): Promise<Prepared>;
  expect: { nobody: Status; other: Status; owner: Status };
  /**
   * Tables a nobody/other call may change, and why. Only for routes where that call is the
   * caller's own legitimate action (signing in, acting on their own account), never for a refusal.
   */
  callerMayChange?: { nobody?: readonly string[]; other?: readonly string[]; why: string };
  /** Part of the owner's answer that proves the call did its work, not merely answered 200. */
  ownerAnswer?: Record<string, unknown>;
}

const get = (url: string): MatrixRequest => ({ method: 'GET', url });
const post = (url: string, payload?: object): MatrixRequest => ({
  method: 'POST',
  url,
  ...(payload ? { payload } : {}),
});
const put = (url: string, payload: object | Buffer, headers?: Record<string, string>): MatrixRequest => ({
  method: 'PUT',
  url,
  payload,
  ...(headers ? { headers } : {}),
});
const del = (url: string, payload?: object): MatrixRequest => ({
  method: 'DELETE',
  url,
  ...(payload ? { payload } : {}),
});

/** A member route with no foreign resource in it: another member's call is their own. */
function selfRow(route: string, request: (w: AuthorizationWorld) => MatrixRequest, ok = 200): MatrixRow {
  return {
    route,
    owner: 'the signed-in member themself (the host)',
    prepare: async (w) => ({ request: request(w), owner: w.host }),
    expect: { nobody: 401, other: ok, owner: ok },
  };
}

/** A public read: everyone gets it, and nothing private of the owner's is in it. */
function publicRow(
  route: string,
  request: (w: AuthorizationWorld) => MatrixRequest | Promise<MatrixRequest>,
): MatrixRow {
  return {
    route,
    owner: 'anyone (public)',
    prepare: async (w) => ({ request: await request(w), owner: w.host }),
    expect: { nobody: 200, other: 200, owner: 200 },
  };
}

/** A moderators-only route: members are answered 404, as if it did not exist (moderation/moderators.ts). */
function moderatorRow(
  route: string,
  prepare: (w: AuthorizationWorld) => Promise<MatrixRequest>,
  owner: Status = 200,
): MatrixRow {
  return {
    route,
    owner: 'a moderator (MODERATOR_EMAILS)',
    prepare: async (w) => ({ request: await prepare(w), owner: w.moderator }),
    expect: { nobody: 401, other: 404, owner },
  };
}

/** The one-click unsubscribe link of a member's outbid e-mails, signed as the world's app signs it. */
function unsubscribeUrlFor(userId: string): string {
  const token = signUnsubscribeToken(loadConfig({ NODE_ENV: 'test' }).sessionSecret, userId, 'outbid');
  return `/api/notification-preferences/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** A browser's PushSubscription.toJSON() on a known push service (stored, never sent to). */
const pushSubscriptionBody = (endpoint: string) => ({
  endpoint,
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

// A name or title's later words are kept beside it by triggers (migration 0028, search).
const PROFILE_CHANGES = {
  other: ['users', 'user_name_later_words'],
  why: 'another member saves their own profile (and the later words of their name)',
} as const;
const BANK = { accountHolderName: 'Ann Host', routingNumber: '110000000', accountNumber: '000123456789' };

const PROFILE_SAMPLE = { ...completeProfile('Hana'), bio: 'Likes long walks.' };

/** What deleting one's own account writes: the member's rows, sessions, and the audit entry. */
const ACCOUNT_DELETION_TABLES: readonly string[] = [
  'users',
  'user_name_later_words',
  'sessions',
  'audit_logs',
  'audit_chain_head',
  'payment_methods',
  'notifications',
  'identity_verifications',
  'upload_grants',
];

export const AUTHORIZATION_ROWS: readonly MatrixRow[] = [
  // ── Realtime, health, sign-in ───────────────────────────────────────────────────────────
  {
    // A plain GET (no Upgrade header) is answered 426 with the API's JSON error before any
    // identity is involved; who may subscribe to what is realtime.test.ts's subject.
    route: 'GET /ws',
    owner: 'anyone (WebSocket upgrade only)',
    prepare: async (w) => ({ request: get('/ws'), owner: w.host }),
    expect: { nobody: 426, other: 426, owner: 426 },
  },
  publicRow('GET /api/health', () => get('/api/health')),
  publicRow('GET /api/health/live', () => get('/api/health/live')),
  publicRow('GET /api/health/ready', () => get('/api/health/ready')),
  // The published API and its reference page (docs/architecture.md, "Endpoints"): public, like the docs of any API.
  publicRow('GET /api/openapi.json', () => get('/api/openapi.json')),
  publicRow('GET /api/docs', () => get('/api/docs')),
  publicRow('GET /api/docs/json', () => get('/api/docs/json')),
  publicRow('GET /api/docs/yaml', () => get('/api/docs/yaml')),
  publicRow('GET /api/docs/static/*', () => get('/api/docs/static/swagger-ui.css')),
  {
    // The page itself is served at /api/docs; this address sends the browser there.
    ...publicRow('GET /api/docs/static/index.html', () => get('/api/docs/static/index.html')),
    expect: { nobody: 302, other: 302, owner: 302 },
  },
  publicRow('GET /api/docs/static/swagger-initializer.js', () => get('/api/docs/static/swagger-initializer.js')),
  {
    ...selfRow('GET /api/auth/user', () => get('/api/auth/user')),
    // No session cookie at all: no current user, 204 (docs/accounts.md, "Sessions").
    expect: { nobody: 204, other: 200, owner: 200 },
  },
  {
    // The app's own "Log out" link is a same-origin navigation; any other GET only gets a page.
    route: 'GET /api/logout',
    owner: 'the signed-in member themself (a throwaway member)',
    prepare: async (w) => ({
      request: { method: 'GET', url: '/api/logout', headers: { 'sec-fetch-site': 'same-origin' } },
      owner: await w.member('Leo'),
      other: await w.member('Lou', { owner: false }),
    }),
    expect: { nobody: 302, other: 302, owner: 302 },
    callerMayChange: {
      other: ['sessions', 'audit_logs', 'audit_chain_head'],
      why: 'another member signs themself out (audited)',
    },
  },
  {
    // The sign-out page's button (a cross-site GET /api/logout shows it).
    route: 'POST /api/logout',
    owner: 'the signed-in member themself (a throwaway member)',
    prepare: async (w) => ({
      request: post('/api/logout'),
      owner: await w.member('Lena'),
      other: await w.member('Luc', { owner: false }),
    }),
    expect: { nobody: 303, other: 303, owner: 303 },
    callerMayChange: {
      other: ['sessions', 'audit_logs', 'audit_chain_head'],
      why: 'another member signs themself out (audited)',
    },
  },
  {
    // No provider is configured in tests: everyone is sent back to the sign-in screen.
    route: 'GET /api/login',
    owner: 'anyone (public sign-in)',
    prepare: async () => ({ request: get('/api/login?provider=google'), owner: undefined }),
    expect: { nobody: 302, other: 302, owner: 302 },
  },
  {
    route: 'GET /api/callback/:provider',
    owner: 'anyone (the provider redirects the browser; the state proves the sign-in)',
    prepare: async () => ({ request: get('/api/callback/google?code=x&state=y'), owner: undefined }),
    expect: { nobody: 302, other: 302, owner: 302 },
  },
  {
    route: 'POST /api/callback/:provider',
    owner: 'anyone (Apple form post, allowCrossSite; the state proves the sign-in)',
    prepare: async () => ({
      request: {
        method: 'POST',
        url: '/api/callback/apple',
        payload: 'code=x&state=y',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      owner: undefined,
    }),
    // 303: the browser follows the form post with a GET of the sign-in screen.
    expect: { nobody: 303, other: 303, owner: 303 },
  },
  {
    route: 'POST /api/auth/send-otp',
    owner: 'anyone (public sign-in)',
    prepare: async (w) => ({
      request: post('/api/auth/send-otp', { email: w.mark(`new-${randomUUID()}@example.com`, 'a new email') }),
      owner: undefined,
    }),
    expect: { nobody: 200, other: 200, owner: 200 },
    callerMayChange: {
      nobody: ['email_otps'],
      other: ['email_otps'],
      why: 'sending a code is the public first step of signing in: it stores the code',
    },
  },
  {
    // A wrong code: the sign-in flow's secret is the code, whoever sends it.
    route: 'POST /api/auth/verify-otp',
    owner: 'anyone (public sign-in; the code is the secret)',
    prepare: async () => ({
      request: post('/api/auth/verify-otp', { email: `nobody-${randomUUID()}@example.com`, otp: '000000' }),
      owner: undefined,
    }),
    expect: { nobody: 400, other: 400, owner: 400 },
    callerMayChange: {
      nobody: ['otp_failed_attempts'],
      other: ['otp_failed_attempts'],
      why: 'a wrong code is counted against its e-mail and client address (docs/accounts.md)',
    },
  },
  {
    route: 'POST /api/auth/complete-email-auth',
    owner: 'anyone (public sign-in; the verification token is the secret)',
    prepare: async () => ({
      request: post('/api/auth/complete-email-auth', {
        verificationToken: randomUUID(),
        password: 'correct horse battery',
        isSignup: true,
      }),
      owner: undefined,
    }),
    expect: { nobody: 400, other: 400, owner: 400 },
    callerMayChange: {
      nobody: ['audit_logs', 'audit_chain_head'],
      other: ['audit_logs', 'audit_chain_head'],
      why: 'a failed sign-in is audited (docs/engineering.md §5: sign-in failures are security events)',
    },
  },
  {
    route: 'POST /api/auth/reset-password/send-code',
    owner: 'anyone (public password reset)',
    prepare: async (w) => ({
      request: post('/api/auth/reset-password/send-code', {
        email: w.mark(`reset-${randomUUID()}@example.com`, 'a reset email'),
      }),
      owner: undefined,
    }),
    expect: { nobody: 200, other: 200, owner: 200 },
    callerMayChange: {
      nobody: ['email_otps'],
      other: ['email_otps'],
      why: 'asking for a reset code is public, like a sign-in code: it stores the code',
    },
  },
  {
    // A wrong code: the reset's secret is the mailed code, whoever sends it.
    route: 'POST /api/auth/reset-password',
    owner: 'anyone (public password reset; the code is the secret)',
    prepare: async () => ({
      request: post('/api/auth/reset-password', {
        email: `nobody-${randomUUID()}@example.com`,
        otp: '000000',
        password: 'correct horse battery',
      }),
      owner: undefined,
    }),
    expect: { nobody: 400, other: 400, owner: 400 },
    callerMayChange: {
      nobody: ['audit_logs', 'audit_chain_head', 'otp_failed_attempts'],
      other: ['audit_logs', 'audit_chain_head', 'otp_failed_attempts'],
      why: 'a failed password reset is audited as a failed sign-in, and its wrong code counted (docs/accounts.md)',
    },
  },

  // ── Profile and own lists ───────────────────────────────────────────────────────────────
  {
    ...selfRow('PUT /api/profile', () => put('/api/profile', { ...PROFILE_SAMPLE })),
    callerMayChange: PROFILE_CHANGES,
  },
  selfRow('GET /api/profile/stats', () => get('/api/profile/stats')),
  {
    ...selfRow('PATCH /api/onboarding', () => ({
      method: 'PATCH',
      url: '/api/onboarding',
      payload: { notifications: 'skipped' },
    })),
    callerMayChange: { other: ['users'], why: 'another member answers their own onboarding step' },
    ownerAnswer: { onboarding: { notifications: 'skipped' } },
  },
  selfRow('GET /api/my-auctions', () => get('/api/my-auctions')),
  selfRow('GET /api/my-bids', () => get('/api/my-bids')),

  // ── Auctions and bids ───────────────────────────────────────────────────────────────────
  publicRow('GET /api/auctions', () => get('/api/auctions')),
  publicRow('GET /api/auctions/:id', (w) => get(`/api/auctions/${w.date.auctionId}`)),
  {
    ...selfRow('POST /api/auctions', (w) => post('/api/auctions', newAuctionBody(w)), 201),
    callerMayChange: {
      other: ['auctions', 'auction_title_later_words', 'pending_auction_announcements'],
      why: 'another member hosts an auction of their own (its title has later words, and it is queued for saved searches)',
    },
  },
  {
    route: 'PUT /api/auctions/:id',
    owner: 'the auction host',
    prepare: async (w) => ({
      request: put(`/api/auctions/${await w.openAuction(w.host)}`, { title: 'Tea at the museum' }),
      owner: w.host,
    }),
    expect: { nobody: 401, other: [403, 404], owner: 200 },
  },
  {
    route: 'DELETE /api/auctions/:id',
    owner: 'the auction host (a fresh auction: the call cancels it)',
    prepare: async (w) => ({ request: del(`/api/auctions/${await w.openAuction(w.host)}`), owner: w.host }),
    expect: { nobody: 401, other: [403, 404], owner: 200 },
  },
  publicRow('GET /api/auctions/:id/bids', (w) => get(`/api/auctions/${w.date.auctionId}/bids`)),
  {
    ...selfRow('PUT /api/auctions/:id/watch', (w) => put(`/api/auctions/${w.date.auctionId}/watch`, {}), 204),
    callerMayChange: {
      other: ['auction_watches', 'auctions'],
      why: 'another member watches the auction themselves (their own watchlist and the watcher count)',
    },
  },
  {
    ...selfRow('DELETE /api/auctions/:id/watch', (w) => del(`/api/auctions/${w.date.auctionId}/watch`), 204),
    callerMayChange: {
      other: ['auction_watches', 'auctions'],
      why: 'another member stops watching themselves (their own watchlist and the watcher count)',
    },
  },
  selfRow('GET /api/watchlist', () => get('/api/watchlist')),
  {
    // A text no auction of the matrix has, so no later auction tells anyone (docs/auctions.md).
    ...selfRow('POST /api/saved-searches', () => post('/api/saved-searches', { name: 'Nothing', query: 'zzqx' }), 201),
    callerMayChange: { other: ['saved_searches'], why: 'another member saves a search of their own' },
  },
  selfRow('GET /api/saved-searches', () => get('/api/saved-searches')),
  {
    route: 'DELETE /api/saved-searches/:id',
    owner: 'the member who saved the search',
    prepare: async (w) => {
      const saved = await w.must(w.host, post('/api/saved-searches', { name: 'To delete', query: 'zzqx' }));
      return { request: del(`/api/saved-searches/${saved.json<{ id: string }>().id}`), owner: w.host };
    },
    expect: { nobody: 401, other: 404, owner: 204 },
  },
  {
    // "Another member" here is the host: the one member a bid on this auction is refused to.
    route: 'POST /api/bids',
    owner: 'a bidder with a saved card (any member but the host)',
    prepare: async (w) => {
      const auctionId = await w.openAuction(w.host);
      return { request: post('/api/bids', { auctionId, amount: '25' }), owner: w.winner, other: w.host };
    },
    expect: { nobody: 401, other: [400, 403, 409], owner: 201 },
  },
  {
    route: 'POST /api/auctions/:id/buy-now',
    owner: 'a buyer with a saved card (any member but the host)',
    prepare: async (w) => ({
      request: post(`/api/auctions/${await w.openAuction(w.host, '90.00')}/buy-now`),
      owner: await w.member('Buyer', { card: true }),
      other: w.host,
    }),
    expect: { nobody: 401, other: [400, 403, 409], owner: 200 },
  },

  // ── Cards, charges, payouts ─────────────────────────────────────────────────────────────
  selfRow('GET /api/stripe/payment-methods', () => get('/api/stripe/payment-methods')),
  {
    ...selfRow('POST /api/stripe/setup-intent', () => post('/api/stripe/setup-intent')),
    callerMayChange: {
      other: ['sandbox_setup_intents', 'users'],
      why: 'another member starts saving a card of their own (counted by the rate limit)',
    },
  },
  {
    route: 'DELETE /api/stripe/payment-methods/:id',
    owner: 'the card holder (a fresh card: the call removes it)',
    prepare: async (w) => ({ request: del(`/api/stripe/payment-methods/${await w.card(w.host)}`), owner: w.host }),
    expect: { nobody: 401, other: 404, owner: 200 },
  },
  {
    route: 'POST /api/payments/sandbox/confirm-setup',
    owner: 'the holder of the setup intent',
    prepare: async (w) => ({
      request: post('/api/payments/sandbox/confirm-setup', {
        clientSecret: await w.setupSecret(w.host),
        cardNumber: '4242424242424242',
        ...FUTURE_EXPIRY,
        cvc: '123',
      }),
      owner: w.host,
    }),
    expect: { nobody: 401, other: 404, owner: 200 },
  },
  {
    route: 'POST /api/payments/sandbox/authenticate-setup',
    owner: 'the holder of the setup intent waiting for 3-D Secure',
    prepare: async (w) => ({
      request: post('/api/payments/sandbox/authenticate-setup', {
        clientSecret: await w.pendingAuthenticationSecret(w.host),
        outcome: 'complete',
      }),
      owner: w.host,
    }),
    expect: { nobody: 401, other: 404, owner: 200 },
  },
  selfRow('GET /api/payments', () => get('/api/payments')),
  {
    // "Another member" is the host, the charge's payee: being paid by it gives no say over it.
    route: 'POST /api/payments/:id/retry',
    owner: 'the winner whose charge failed (they have since saved a working card)',
    prepare: async (w) => {
      const failed = await w.failedCharge({ fixed: true });
      return { request: post(`/api/payments/${failed.chargeId}/retry`), owner: failed.payer, other: w.host };
    },
    expect: { nobody: 401, other: 404, owner: 200 },
    ownerAnswer: { status: 'succeeded', amount: '100.00' },
  },
  {
    route: 'POST /api/auctions/:id/second-chance',
    owner: 'the host of an auction that ended below its reserve (fresh: the call sends its one offer)',
    prepare: async (w) => {
      const bidder = await w.member(randomFirstName('Reserve'), { card: true });
      const auctionId = await w.endedBelowReserve(bidder);
      return { request: post(`/api/auctions/${auctionId}/second-chance`), owner: w.host };
    },
    expect: { nobody: 401, other: 403, owner: 201 },
    ownerAnswer: { status: 'offered', amount: '25.00' },
  },
  offerRow('POST /api/payments/:id/accept', 'accept'),
  offerRow('POST /api/payments/:id/decline', 'decline'),
  selfRow('GET /api/payouts/account', () => get('/api/payouts/account')),
  {
    ...selfRow('POST /api/payouts/account', () => post('/api/payouts/account')),
    callerMayChange: {
      other: ['payout_accounts', 'sandbox_payout_accounts'],
      why: 'another member starts onboarding their own payout account',
    },
  },
  {
    route: 'POST /api/payouts/sandbox/complete',
    owner: 'the member onboarding their own payout account',
    prepare: async (w) => {
      const owner = await w.member('Payee');
      await w.must(owner, post('/api/payouts/account'));
      return { request: post('/api/payouts/sandbox/complete', BANK), owner };
    },
    expect: { nobody: 401, other: [200, 404, 409], owner: 200 },
    callerMayChange: {
      other: ['payout_accounts', 'sandbox_payout_accounts'],
      why: 'the call names no account: another member completes their own onboarding (they started it in the row above)',
    },
  },
  // The test clock (docs/payments.md, "The test clock"): a sandbox facility any signed-in member
  // may use, so "another member" is simply a member; it belongs to nobody in particular.
  {
    route: 'GET /api/sandbox/clock',
    owner: 'any signed-in member (the sandbox test clock)',
    prepare: async (w) => ({ request: get('/api/sandbox/clock'), owner: w.host }),
    expect: { nobody: 401, other: 200, owner: 200 },
  },
  {
    route: 'POST /api/sandbox/clock',
    owner: 'any signed-in member (the sandbox test clock)',
    prepare: async (w) => ({ request: post('/api/sandbox/clock', { advanceMinutes: 1 }), owner: w.host }),
    expect: { nobody: 401, other: 200, owner: 200 },
    callerMayChange: {
      other: [
        'sandbox_clock',
        // What the jobs the move runs do with the world as it stands: the date job's reminders
        // and the outbox sending what is due (docs/payments.md, "The test clock").
        'auction_dates',
        'notifications',
        'notification_deliveries',
        'message_email_slots',
      ],
      why: 'the test clock is shared by every member of a sandbox server: any of them may move it, and moving it runs the due jobs',
    },
  },

  // ── The date ────────────────────────────────────────────────────────────────────────────
  {
    route: 'GET /api/auctions/:id/plan',
    owner: 'the winner (and the host) of the paid date',
    prepare: async (w) => ({ request: get(`/api/auctions/${w.date.auctionId}/plan`), owner: w.winner }),
    expect: { nobody: 401, other: 404, owner: 200 },
  },
  dateRow('GET /api/auctions/:id/plan/calendar.ics', 'planned', 'winner', (_w, id) =>
    get(`/api/auctions/${id}/plan/calendar.ics`),
  ),
  dateRow('POST /api/auctions/:id/plan', 'paid', 'winner', (w, id) =>
    post(`/api/auctions/${id}/plan`, {
      place: w.secret('proposed place'),
      startsAt: new Date(w.clock.getTime() + 2 * HOUR).toISOString(),
    }),
  ),
  dateRow('POST /api/auctions/:id/plan/accept', 'proposed', 'host', (_w, id) =>
    post(`/api/auctions/${id}/plan/accept`),
  ),
  dateRow('POST /api/auctions/:id/date-mode/start', 'planned', 'host', (_w, id) =>
    post(`/api/auctions/${id}/date-mode/start`),
  ),
  dateRow('POST /api/auctions/:id/date-mode/check-in', 'started', 'host', (_w, id) =>
    post(`/api/auctions/${id}/date-mode/check-in`, { kind: 'arrived' }),
  ),
  dateRow('POST /api/auctions/:id/date-mode/end', 'hostArrived', 'host', (_w, id) =>
    post(`/api/auctions/${id}/date-mode/end`),
  ),
  dateRow('POST /api/auctions/:id/date-mode/location', 'started', 'winner', (_w, id) =>
    post(`/api/auctions/${id}/date-mode/location`, { lat: 40.7128, lng: -74.006, accuracy: 20 }),
  ),
  dateRow('DELETE /api/auctions/:id/date-mode/location', 'started', 'winner', (_w, id) =>
    del(`/api/auctions/${id}/date-mode/location`),
  ),
  dateRow('POST /api/auctions/:id/share-link', 'planned', 'winner', (_w, id) => post(`/api/auctions/${id}/share-link`)),
  dateRow('POST /api/auctions/:id/refund-request', 'ended', 'winner', (w, id) =>
    post(`/api/auctions/${id}/refund-request`, { reason: w.secret('refund reason') }),
  ),
  dateRow('POST /api/auctions/:id/release', 'ended', 'winner', (_w, id) => post(`/api/auctions/${id}/release`)),
  // Feedback after the date (issue 35): only its two people, once it is over.
  dateRow('GET /api/auctions/:id/feedback', 'ended', 'winner', (_w, id) => get(`/api/auctions/${id}/feedback`)),
  dateRow('POST /api/auctions/:id/feedback', 'ended', 'winner', (w, id) =>
    post(`/api/auctions/${id}/feedback`, {
      met: 'yes',
      feltSafe: true,
      again: true,
      rating: 5,
      review: w.secret('public review of the host'),
    }),
  ),
  {
    route: 'POST /api/auctions/:id/feedback/response',
    owner: 'the host of an ended date the winner reviewed (both submitted, so revealed)',
    prepare: async (w) => {
      const date = await w.paidDate('ended');
      const base = `/api/auctions/${date.auctionId}/feedback`;
      const answers = { met: 'yes', feltSafe: true, again: true };
      await w.must(date.winner, post(base, { ...answers, rating: 5, review: w.secret('winner review of host') }));
      await w.must(date.host, post(base, answers));
      return { request: post(`${base}/response`, { text: w.secret('host response') }), owner: date.host };
    },
    expect: { nobody: 401, other: 404, owner: 200 },
  },
  {
    // The trusted contact's page: the token is the only key, and the place is what it is for.
    route: 'GET /api/shared-dates/:token',
    owner: 'anyone holding the share link (public by token)',
    prepare: async (w) => ({
      request: get(`/api/shared-dates/${w.shareToken}`),
      owner: w.winner,
      publicValues: [...w.markers].filter(([, what]) => what === 'agreed place').map(([value]) => value),
    }),
    expect: { nobody: 200, other: 200, owner: 200 },
  },
  moderatorRow('GET /api/moderation/refund-requests', async () => get('/api/moderation/refund-requests')),
  moderatorRow('POST /api/moderation/refund-requests/:id/decide', async (w) => {
    const date = await w.paidDate('refundRequested');
    return post(`/api/moderation/refund-requests/${await w.refundRequestIdOf(date.auctionId)}/decide`, {
      decision: 'deny',
      note: 'Matrix check',
    });
  }),

  // ── Messages, notifications, people ─────────────────────────────────────────────────────
  selfRow('GET /api/conversations', () => get('/api/conversations')),
  selfRow('GET /api/conversations/unread-count', () => get('/api/conversations/unread-count')),
  {
    route: 'GET /api/conversations/*',
    owner: 'a party of the conversation (the host of the won auction)',
    prepare: async (w) => ({
      request: get(`/api/conversations/${encodeURIComponent(w.conversationId)}/messages`),
      owner: w.host,
    }),
    expect: { nobody: 401, other: 404, owner: 200 },
  },
  {
    route: 'POST /api/messages',
    owner: 'a party of the conversation (the host of the won auction)',
    prepare: async (w) => ({
      request: post('/api/messages', {
        conversationId: w.conversationId,
        receiverId: w.winner.id,
        content: w.secret('message'),
      }),
      owner: w.host,
    }),
    expect: { nobody: 401, other: [403, 404], owner: 201 },
  },
  {
    route: 'POST /api/conversations/start',
    owner: 'any member writing to another (the host to the winner)',
    prepare: async (w) => ({
      // Not a marker: another member sends the same text in a conversation of their own.
      request: post('/api/conversations/start', {
        receiverId: w.winner.id,
        message: 'Hello! Would you like to plan a coffee?',
      }),
      owner: w.host,
    }),
    expect: { nobody: 401, other: 201, owner: 201 },
    callerMayChange: {
      other: ['messages', 'notifications', 'notification_deliveries'],
      why: 'another member starts a direct conversation of their own with the same person (its notification queues its e-mail)',
    },
  },
  selfRow('GET /api/notifications', () => get('/api/notifications')),
  selfRow('GET /api/notifications/count', () => get('/api/notifications/count')),
  {
    route: 'POST /api/notifications/:id/read',
    owner: "the notification's recipient",
    prepare: async (w) => ({ request: post(`/api/notifications/${w.hostNotificationId}/read`), owner: w.host }),
    expect: { nobody: 401, other: 404, owner: 200 },
  },
  {
    ...selfRow('POST /api/notifications/mark-all-read', () => post('/api/notifications/mark-all-read')),
    callerMayChange: { other: ['notifications'], why: 'another member reads their own notifications' },
  },
  selfRow('GET /api/notification-preferences', () => get('/api/notification-preferences')),
  {
    ...selfRow('PUT /api/notification-preferences', () =>
      put('/api/notification-preferences', { preferences: [{ type: 'outbid', email: false }] }),
    ),
    callerMayChange: { other: ['notification_preferences'], why: 'another member changes their own preferences' },
    ownerAnswer: { preferences: expect.arrayContaining([{ type: 'outbid', email: false, push: true }]) },
  },
  {
    // The link in the host's alert e-mails: the signed token is the only key (RFC 8058), and GET changes nothing.
    route: 'GET /api/notification-preferences/unsubscribe',
    owner: 'anyone holding the unsubscribe link (public by token)',
    prepare: async (w) => ({ request: get(unsubscribeUrlFor(w.host.id)), owner: w.host }),
    expect: { nobody: 200, other: 200, owner: 200 },
  },
  {
    route: 'POST /api/notification-preferences/unsubscribe',
    owner: 'anyone holding the unsubscribe link (public by token; mail clients post it with no cookie)',
    prepare: async (w) => ({ request: post(unsubscribeUrlFor(w.host.id)), owner: w.host }),
    expect: { nobody: 200, other: 200, owner: 200 },
    callerMayChange: {
      nobody: ['notification_preferences'],
      other: ['notification_preferences'],
      why: "one-click unsubscribe works without a session by design (RFC 8058): the signed token turns off one kind of the token's member's e-mails, nothing else",
    },
  },
  publicRow('GET /api/push/public-key', () => get('/api/push/public-key')),
  {
    route: 'POST /api/push/subscriptions',
    owner: 'the signed-in member themself (their own device)',
    prepare: async (w) => ({
      request: post(
        '/api/push/subscriptions',
        pushSubscriptionBody(`https://fcm.googleapis.com/fcm/send/${randomUUID()}`),
      ),
      owner: w.host,
    }),
    expect: { nobody: 401, other: 201, owner: 201 },
    callerMayChange: {
      other: ['push_subscriptions'],
      why: 'another member registers the browser they are using as their own device',
    },
    ownerAnswer: { success: true },
  },
  {
    route: 'DELETE /api/push/subscriptions',
    owner: "the device's member (another member's call removes nothing of theirs)",
    prepare: async (w) => {
      const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
      await w.must(w.host, post('/api/push/subscriptions', pushSubscriptionBody(endpoint)));
      return { request: del('/api/push/subscriptions', { endpoint }), owner: w.host };
    },
    expect: { nobody: 401, other: 204, owner: 204 },
  },
  selfRow('GET /api/search', () => get('/api/search?q=Hana')),
  selfRow('GET /api/search/users', () => get('/api/search/users?q=Hana')),
  {
    route: 'GET /api/users/:id/presence',
    owner: 'the member whose presence it is (members only)',
    prepare: async (w) => ({ request: get(`/api/users/${w.host.id}/presence`), owner: w.host }),
    expect: { nobody: 401, other: 200, owner: 200 },
  },
  {
    route: 'GET /api/users/:id/reviews',
    owner: 'the member whose reviews they are (public to members)',
    // Reviews (and their responses) are public to members once shown: that is what the route is for.
    prepare: async (w) => ({
      request: get(`/api/users/${w.host.id}/reviews`),
      owner: w.host,
      publicValues: [...w.markers]
        .filter(([, what]) => ['winner review of host', 'host response', 'public review of the host'].includes(what))
        .map(([value]) => value),
    }),
    expect: { nobody: 401, other: 200, owner: 200 },
  },
  {
    route: 'GET /api/users/:id',
    owner: 'the member whose public page it is (members only)',
    prepare: async (w) => ({ request: get(`/api/users/${w.host.id}`), owner: w.host }),
    expect: { nobody: 401, other: 200, owner: 200 },
  },

  // ── Trust and safety ────────────────────────────────────────────────────────────────────
  selfRow('GET /api/blocks', () => get('/api/blocks')),
  {
    route: 'POST /api/blocks',
    owner: 'the member blocking (a fresh target per row)',
    prepare: async (w) => ({
      request: post('/api/blocks', { userId: (await w.member('Blocked', { owner: false })).id }),
      owner: w.host,
    }),
    expect: { nobody: 401, other: 201, owner: 201 },
    callerMayChange: { other: ['blocks'], why: 'another member blocks someone for themself' },
  },
  {
    route: 'DELETE /api/blocks/:userId',
    owner: 'the member who blocked',
    prepare: async (w) => {
      const target = await w.member('Unblocked', { owner: false });
      await w.must(w.host, post('/api/blocks', { userId: target.id }));
      return { request: del(`/api/blocks/${target.id}`), owner: w.host };
    },
    expect: { nobody: 401, other: [200, 404], owner: 200 },
  },
  {
    route: 'POST /api/reports',
    owner: 'any member reporting (a fresh target per row)',
    prepare: async (w) => ({
      request: post('/api/reports', {
        targetType: 'user',
        targetId: (await w.member('Reported', { owner: false })).id,
        reason: 'spam',
        // Not a marker: another member files the same report, with the same words, as their own.
        details: `Spam ${randomUUID()}`,
      }),
      owner: w.host,
    }),
    expect: { nobody: 401, other: 201, owner: 201 },
    callerMayChange: { other: ['reports'], why: 'another member files a report of their own' },
  },
  moderatorRow('GET /api/moderation/reports', async () => get('/api/moderation/reports')),
  // Screening (docs/trust-and-safety.md "Screening"): a listing and a bio it held.
  moderatorRow('GET /api/moderation/held', async () => get('/api/moderation/held')),
  moderatorRow('POST /api/moderation/held/auctions/:id/decide', async (w) => {
    const held = await w.must(
      w.host,
      post('/api/auctions', auctionInput({ title: 'Sexy rooftop bar night' }, w.clock)),
    );
    return post(`/api/moderation/held/auctions/${held.json<{ id: string }>().id}/decide`, {
      decision: 'approve',
      reasons: 'Matrix check',
    });
  }),
  moderatorRow('POST /api/moderation/held/bios/:id/decide', async (w) => {
    const member = await w.member('Held');
    await w.must(member, put('/api/profile', { ...completeProfile('Held'), bio: 'Sexy and fun, ask me anything' }));
    return post(`/api/moderation/held/bios/${member.id}/decide`, { decision: 'approve', reasons: 'Matrix check' });
  }),
  moderatorRow('POST /api/moderation/held/photos/:id/decide', async (w) => {
    // A photo of the host's, held as the image model would hold it (the matrix app keeps the
    // production thresholds, under which its test images pass).
    const imageId = await w.addedProfilePhoto(w.host);
    await w.db.insert(photoReviews).values({
      imageId,
      ownerId: w.host.id,
      kind: 'profile_photo',
      url: `/api/objects/images/${imageId}-1280.jpg`,
      scores: { Drawing: 0, Hentai: 0, Neutral: 0.1, Porn: 0.9, Sexy: 0 },
    });
    return post(`/api/moderation/held/photos/${imageId}/decide`, { decision: 'approve', reasons: 'Matrix check' });
  }),
  moderatorRow('POST /api/moderation/bids/:id/void', async (w) => {
    const auctionId = await w.openAuction(w.host);
    const bid = await w.must(w.winner, { method: 'POST', url: '/api/bids', payload: { auctionId, amount: '25' } });
    return post(`/api/moderation/bids/${bid.json<{ bid: { id: string } }>().bid.id}/void`, { reason: 'Matrix check' });
  }),
  moderatorRow('POST /api/moderation/reports/:id/resolve', async (w) =>
    post(`/api/moderation/reports/${await w.report(w.winner)}/resolve`, { action: 'dismiss', reasons: 'Matrix check' }),
  ),

  // ── Uploads ─────────────────────────────────────────────────────────────────────────────
  {
    ...selfRow('POST /api/objects/upload', () => post('/api/objects/upload')),
    callerMayChange: { other: ['upload_grants'], why: 'another member asks for an upload URL of their own' },
  },
  {
    route: 'PUT /api/profile/image',
    owner: 'the member who uploaded the picture',
    prepare: async (w) => ({
      request: put('/api/profile/image', { imageURL: await w.uploadedImage(w.host) }),
      owner: w.host,
    }),
    expect: { nobody: 401, other: [403, 404], owner: 200 },
  },
  selfRow('GET /api/profile/photos', () => get('/api/profile/photos')),
  {
    route: 'POST /api/profile/photos',
    owner: 'the member who uploaded the photo',
    prepare: async (w) => ({
      request: post('/api/profile/photos', { imageURL: await w.uploadedImage(w.host) }),
      owner: w.host,
    }),
    expect: { nobody: 401, other: 403, owner: 201 },
  },
  {
    route: 'PUT /api/profile/photos/order',
    owner: 'the member whose photos they are',
    prepare: async (w) => ({
      request: put('/api/profile/photos/order', { photoIds: (await w.profilePhotoIds(w.host)).reverse() }),
      owner: w.host,
    }),
    // Another member's list of ids is not a reordering of their own photos.
    expect: { nobody: 401, other: 400, owner: 200 },
  },
  {
    route: 'DELETE /api/profile/photos/:photoId',
    owner: 'the member whose photo it is (a photo added for this row)',
    prepare: async (w) => ({ request: del(`/api/profile/photos/${await w.addedProfilePhoto(w.host)}`), owner: w.host }),
    expect: { nobody: 401, other: 404, owner: 200 },
  },
  {
    route: 'PUT /api/auctions/:id/cover',
    owner: 'the auction host, with their own upload',
    prepare: async (w) => ({
      request: put(`/api/auctions/${await w.openAuction(w.host)}/cover`, { imageURL: await w.uploadedImage(w.host) }),
      owner: w.host,
    }),
    expect: { nobody: 401, other: 403, owner: 200 },
  },
  {
    route: 'DELETE /api/auctions/:id/cover',
    owner: 'the auction host',
    prepare: async (w) => ({ request: del(`/api/auctions/${await w.openAuction(w.host)}/cover`), owner: w.host }),
    expect: { nobody: 401, other: 403, owner: 200 },
  },
  // The host's current picture (an earlier row replaces it, and the old file goes).
  publicRow('GET /api/objects/images/:name', async (w) =>
    get(`/api/objects/images/${await w.profileImageNameOf(w.host)}`),
  ),
  {
    route: 'PUT /api/objects/uploads/:grantId',
    owner: 'the holder of the upload grant (signed URL)',
    prepare: async (w) => ({
      request: put(await w.uploadGrant(w.host), await makePng(80, 60), { 'content-type': 'image/png' }),
      owner: w.host,
    }),
    expect: { nobody: [401, 403], other: [403, 404], owner: 200 },
  },

  // ── Account ─────────────────────────────────────────────────────────────────────────────
  selfRow('GET /api/account/export', () => get('/api/account/export')),
  {
    route: 'DELETE /api/account',
    owner: 'the member themself (a throwaway member: the call deletes them)',
    prepare: async (w) => ({
      request: del('/api/account', { confirm: 'DELETE' }),
      owner: await w.member('Gone'),
      other: await w.member('AlsoGone', { owner: false }),
    }),
    expect: { nobody: 401, other: 200, owner: 200 },
    callerMayChange: {
      other: ACCOUNT_DELETION_TABLES,
      why: 'another member deletes their own account (a throwaway member)',
    },
  },

  // ── Identity verification ───────────────────────────────────────────────────────────────
  selfRow('GET /api/identity/verification', () => get('/api/identity/verification')),
  {
    route: 'POST /api/identity/verification',
    owner: 'the member verifying themself (a fresh member)',
    prepare: async (w) => ({
      request: post('/api/identity/verification'),
      owner: await w.member('Vera'),
      other: await w.member('Vic', { owner: false }),
    }),
    expect: { nobody: 401, other: 200, owner: 200 },
    callerMayChange: {
      other: ['identity_verifications', 'users', 'audit_logs', 'audit_chain_head'],
      why: 'another member starts a verification of their own (audited)',
    },
  },
  {
    route: 'POST /api/identity/verification/documents',
    owner: 'the member who uploaded the document picture',
    prepare: async (w) => {
      const owner = await w.member('Doc');
      await w.must(owner, post('/api/identity/verification'));
      const imageURL = await w.uploadedImage(owner);
      return {
        request: post('/api/identity/verification/documents', { documentType: 'passport', kind: 'selfie', imageURL }),
        owner,
      };
    },
    expect: { nobody: 401, other: [403, 404, 409], owner: 200 },
  },
  {
    route: 'POST /api/identity/sandbox/complete',
    owner: 'the member whose verification it is (documents submitted)',
    prepare: async (w) => {
      const owner = await w.member('Sandy');
      await w.verification(owner);
      return { request: post('/api/identity/sandbox/complete', { outcome: 'verified' }), owner };
    },
    expect: { nobody: 401, other: [404, 409], owner: 200 },
  },
  {
    route: 'GET /api/identity/documents/:id',
    owner: 'the member the document is of (and moderators)',
    prepare: async (w) => ({ request: get(`/api/identity/documents/${w.hostDocumentId}`), owner: w.host }),
    expect: { nobody: 401, other: 404, owner: 200 },
    // openIdentityDocument audits every access to an identity document, the refused ones
    // included (docs/trust-and-safety.md): a denied look at someone's passport is a security event.
    callerMayChange: {
      other: ['audit_logs', 'audit_chain_head'],
      why: 'a refused access to an identity document is audited on purpose',
    },
  },
  moderatorRow('GET /api/moderation/verifications', async () => get('/api/moderation/verifications')),
  moderatorRow('POST /api/moderation/verifications/:userId/decide', async (w) => {
    const member = await w.member('Review');
    await w.verification(member, 'manual_review');
    return post(`/api/moderation/verifications/${member.id}/decide`, { decision: 'verified', notes: 'Matrix check' });
  }),
  {
    // The provider's webhook: the signature is the only key, never a session. Unsigned, it is a
    // 400 for everyone and changes nothing (payments-reconcile.test.ts has the signed cases).
    route: 'POST /api/payments/webhook',
    owner: 'the payment provider (signature)',
    prepare: async () => ({
      request: post('/api/payments/webhook', {
        id: 'evt_matrix',
        type: 'payment_intent.succeeded',
        data: { object: {} },
      }),
      owner: undefined,
    }),
    expect: { nobody: 400, other: 400, owner: 400 },
  },
  {
    // The sandbox partner has no webhook: the route answers 404 to everyone (identity.test.ts);
    // with Stripe the signature is the only key (identity-stripe.test.ts).
    route: 'POST /api/identity/webhook',
    owner: 'the verification partner (signature); none in the sandbox',
    prepare: async () => ({ request: post('/api/identity/webhook', { id: 'evt_matrix' }), owner: undefined }),
    expect: { nobody: 404, other: 404, owner: 404 },
  },
];

/**
 * Answering a second chance offer: the owner is the runner-up offered the date; "another
 * member" is the winner who could not pay, whose own row of the same auction expired.
 */
function offerRow(route: string, answer: 'accept' | 'decline'): MatrixRow {
  // The runner-up is offered their own bid ($25); accepting charges their working card at once.
  return {
    route,
    owner: 'the runner-up offered a second chance (a fresh offer: the call answers it)',
    prepare: async (w) => {
      const offer = await w.secondChanceOffer();
      return {
        request: post(`/api/payments/${offer.chargeId}/${answer}`),
        owner: offer.payer,
        other: offer.unpaidWinner!,
      };
    },
    expect: { nobody: 401, other: 404, owner: 200 },
    ownerAnswer: answer === 'accept' ? { status: 'succeeded', amount: '25.00' } : { status: 'expired' },
  };
}

/** A date route whose owner is the host or the winner of a fresh date brought to `stage` (calls change it). */
function dateRow(
  route: string,
  stage: Parameters<AuthorizationWorld['paidDate']>[0],
  ownerRole: 'host' | 'winner',
  request: (w: AuthorizationWorld, auctionId: string) => MatrixRequest,
): MatrixRow {
  return {
    route,
    owner: `the ${ownerRole} of a paid date (fresh, at stage "${stage}")`,
    prepare: async (w) => {
      const date = await w.paidDate(stage);
      return { request: request(w, date.auctionId), owner: date[ownerRole] };
    },
    expect: { nobody: 401, other: 404, owner: 200 },
  };
}

function newAuctionBody(w: AuthorizationWorld) {
  return {
    title: 'Coffee by the river',
    description: 'A coffee and a walk by the river.',
    dateType: 'coffee',
    location: 'Austin, TX',
    locationRadius: 25,
    startingBid: '20',
    endTime: new Date(w.clock.getTime() + 3 * 24 * HOUR).toISOString(),
    paymentResponsibility: '50_50',
    expectedDuration: 60,
  };
}
