import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database, Db } from '../../src/db/client.js';
import { auctionConversationId, HOST_NO_SHOW_GRACE_MINUTES } from '@bid/contract';
import { auctionDates, charges, identityDocuments, refundRequests } from '../../src/db/schema/index.js';
import { releaseUnpaidWins } from '../../src/modules/payments/charges/second-chance.js';
import { SESSION_COOKIE } from '../../src/plugins/session.js';
import { createTestApp } from './app.js';
import { insertAuction } from './auctions.js';
import { makePng } from './images.js';
import { addSandboxCard, CARDS, FUTURE_EXPIRY } from './payments.js';
import { completeProfile, randomFirstName } from './profiles.js';
import { EVERY_SURFACE, HEX_DIGITS, screenedRandom } from './screened-random.js';
import { signInByEmail } from './session.js';

/**
 * The world the authorization matrix (authorization-matrix.test.ts) walks: members, an auction
 * won and paid with an agreed date, a conversation, notifications, cards, identity documents,
 * a moderator; every private value the owners hold is recorded as a searchable marker, so a
 * body answered to anyone else can be checked for it.
 */

export const MINUTE = 60_000;
const WORLD_CLOCK = new Date('2031-10-01T12:00:00.000Z');
export const HOUR = 60 * MINUTE;

export interface Caller {
  id: string;
  cookie: string;
  email: string;
  label: string;
}

/** One HTTP request of a matrix row, sent as the caller's own. */
export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object | Buffer | string;
  headers?: Record<string, string>;
}

export interface PaidDate {
  auctionId: string;
  host: Caller;
  winner: Caller;
  chargeId: string;
}

/** A won auction whose charge the winner's card declined: the charge to retry, or the offer it led to. */
export interface OpenCharge {
  auctionId: string;
  chargeId: string;
  /** Who owes it: the winner (retry) or the runner-up offered the date (accept, decline). */
  payer: Caller;
  /** For an offer: the winner who could not pay, whose own charge expired. */
  unpaidWinner?: Caller;
}

export type DateStage = 'paid' | 'proposed' | 'planned' | 'started' | 'hostArrived' | 'ended' | 'refundRequested';

export class AuthorizationWorld {
  /** Private value -> what it is, for readable failures. */
  readonly markers = new Map<string, string>();
  readonly clock = WORLD_CLOCK;
  host!: Caller;
  winner!: Caller;
  /** "Another signed-in member": a member with a card and a complete profile, in nothing of the owners'. */
  stranger!: Caller;
  moderator!: Caller;
  date!: PaidDate;
  shareToken!: string;
  conversationId!: string;
  hostNotificationId!: string;
  hostDocumentId!: string;

  private constructor(
    readonly app: FastifyInstance,
    readonly db: Db,
    private readonly dataDir: string,
    readonly moderatorEmail: string,
  ) {}

  static async build(database: Database): Promise<AuthorizationWorld> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bid-authz-'));
    const moderatorEmail = `mod-${randomUUID().slice(0, 8)}@example.com`;
    // The clock stands still: dates are planned an hour ahead, inside Date Mode's opening window.
    const now = () => WORLD_CLOCK;
    // Every row signs its members in from one address: past about fifty sign-ins the per-address
    // code limit (docs/accounts.md) would refuse the later rows' members, as it did once the
    // matrix grew (the reserve's second chance, held photos).
    const app = await createTestApp(
      database,
      { MODERATOR_EMAILS: moderatorEmail, DATA_DIR: dataDir, OTP_MAX_PER_IP: '1000' },
      { now },
    );
    const world = new AuthorizationWorld(app, database.db, dataDir, moderatorEmail);
    await world.populate();
    return world;
  }

  async close(): Promise<void> {
    await this.app.close();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  /** Records a private value: no body answered to anyone but its owner may contain it. */
  mark(value: string, what: string): string {
    this.markers.set(value, what);
    return value;
  }

  /** A unique, searchable private text. */
  secret(what: string): string {
    const label = `PRIVATE-${what.replace(/\W+/g, '-')}-`;
    return this.mark(`${label}${screenedRandom(8, EVERY_SURFACE, (hex) => `${label}${hex}`, HEX_DIGITS)}`, what);
  }

  inject(caller: Caller | undefined, request: MatrixRequest): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method: request.method,
      url: request.url,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      ...(request.headers ? { headers: request.headers } : {}),
      ...(caller ? { cookies: { [SESSION_COOKIE]: caller.cookie } } : {}),
    });
  }

  /** Calls a route as a step of building the world; it must succeed. */
  async must(caller: Caller | undefined, request: MatrixRequest): Promise<LightMyRequestResponse> {
    const res = await this.inject(caller, request);
    if (res.statusCode >= 300) throw new Error(`${request.method} ${request.url}: ${res.statusCode} ${res.body}`);
    return res;
  }

  /**
   * A member with a complete profile; `owner` members' email and session id are private markers
   * (a throwaway "other" caller's are not: their own data may come back to them).
   */
  async member(label: string, options: { card?: boolean | string; owner?: boolean } = {}): Promise<Caller> {
    const email = `${label.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
    const { cookie, body } = await signInByEmail(this.app, email);
    const caller: Caller = { id: body.user.id, cookie, email, label };
    await this.must(caller, { method: 'PUT', url: '/api/profile', payload: completeProfile(label) });
    if (options.owner !== false) {
      this.mark(email, `${label}'s email`);
      // The cookie is "<session id>.<signature>"; the id alone is the secret the table keeps.
      this.mark(cookie.slice(0, cookie.lastIndexOf('.')), `${label}'s session id`);
    }
    if (options.card) {
      const cardId = await addSandboxCard(
        this.app,
        cookie,
        typeof options.card === 'string' ? options.card : CARDS.succeeds,
      );
      if (options.owner !== false) this.mark(cardId, `${label}'s payment method id`);
      // The first listing caches users.card_on_file (listMyPaymentMethods); done here, so the
      // matrix's read of the list changes nothing.
      await this.must(caller, { method: 'GET', url: '/api/stripe/payment-methods' });
    }
    return caller;
  }

  /** A card whose setup waits for 3-D Secure: the client secret to authenticate it with. */
  async pendingAuthenticationSecret(holder: Caller): Promise<string> {
    const setup = await this.must(holder, { method: 'POST', url: '/api/stripe/setup-intent' });
    const { clientSecret } = setup.json<{ clientSecret: string }>();
    this.mark(clientSecret, `${holder.label}'s setup client secret`);
    await this.must(holder, {
      method: 'POST',
      url: '/api/payments/sandbox/confirm-setup',
      payload: { clientSecret, cardNumber: CARDS.needsAuthentication, ...FUTURE_EXPIRY, cvc: '123' },
    });
    return clientSecret;
  }

  async setupSecret(holder: Caller): Promise<string> {
    const setup = await this.must(holder, { method: 'POST', url: '/api/stripe/setup-intent' });
    return this.mark(setup.json<{ clientSecret: string }>().clientSecret, `${holder.label}'s setup client secret`);
  }

  async card(holder: Caller): Promise<string> {
    return this.mark(await addSandboxCard(this.app, holder.cookie, CARDS.succeeds), `${holder.label}'s card id`);
  }

  /** An open auction of `host`'s, not yet bid on. */
  openAuction(host: Caller, buyNowPrice?: string): Promise<string> {
    return insertAuction(this.db, {
      creatorId: host.id,
      endTime: new Date(this.clock.getTime() + 48 * HOUR),
      ...(buyNowPrice ? { buyNowPrice } : {}),
    });
  }

  /** An auction of the host's that ended below its $80 reserve, `bidder`'s $25 the highest bid. */
  endedBelowReserve(bidder: Caller): Promise<string> {
    const end = new Date(this.clock.getTime() - HOUR);
    return insertAuction(this.db, {
      creatorId: this.host.id,
      endTime: end,
      reservePrice: '80.00',
      closed: true,
      bids: [{ bidderId: bidder.id, amount: '25.00', at: new Date(end.getTime() - HOUR) }],
    });
  }

  /** A picture uploaded through a grant of `holder`'s: the URL to set as profile or document image. */
  async uploadedImage(holder: Caller): Promise<string> {
    const grant = await this.must(holder, { method: 'POST', url: '/api/objects/upload' });
    const { uploadURL } = grant.json<{ uploadURL: string }>();
    await this.must(holder, {
      method: 'PUT',
      url: uploadURL,
      payload: await makePng(120, 90),
      headers: { 'content-type': 'image/png' },
    });
    return uploadURL.split('?')[0]!;
  }

  /** A signed upload URL of `holder`'s, not used yet. */
  async uploadGrant(holder: Caller): Promise<string> {
    const grant = await this.must(holder, { method: 'POST', url: '/api/objects/upload' });
    return grant.json<{ uploadURL: string }>().uploadURL;
  }

  /** Sandbox identity verification up to `outcome`, with id documents whose ids are markers. */
  async verification(who: Caller, outcome?: 'manual_review'): Promise<string[]> {
    await this.must(who, { method: 'POST', url: '/api/identity/verification' });
    for (const kind of ['document_front', 'selfie']) {
      const imageURL = await this.uploadedImage(who);
      await this.must(who, {
        method: 'POST',
        url: '/api/identity/verification/documents',
        payload: { documentType: 'passport', kind, imageURL },
      });
    }
    if (outcome) {
      await this.must(who, { method: 'POST', url: '/api/identity/sandbox/complete', payload: { outcome } });
    }
    const docs = await this.db
      .select({ id: identityDocuments.id })
      .from(identityDocuments)
      .where(eq(identityDocuments.userId, who.id));
    return docs.map((d) => this.mark(d.id, `${who.label}'s identity document id`));
  }

  /** A date of `host`'s bought now at $100 by a fresh winner, brought to `stage` through the API. */
  async paidDate(stage: DateStage, host: Caller = this.host, winner?: Caller): Promise<PaidDate> {
    const buyer = winner ?? (await this.member(randomFirstName('Winner'), { card: true }));
    const auctionId = await this.openAuction(host, '100.00');
    await this.must(buyer, { method: 'POST', url: `/api/auctions/${auctionId}/buy-now` });
    const [charge] = await this.db.select({ id: charges.id }).from(charges).where(eq(charges.auctionId, auctionId));
    const date: PaidDate = { auctionId, host, winner: buyer, chargeId: charge!.id };
    const order: DateStage[] = ['paid', 'proposed', 'planned', 'started', 'hostArrived', 'ended', 'refundRequested'];
    const reach = (s: DateStage) => order.indexOf(stage) >= order.indexOf(s);
    const base = `/api/auctions/${auctionId}`;
    if (reach('proposed')) {
      // An hour ahead: Date Mode opens DATE_MODE_OPENS_MINUTES_BEFORE (120) the start, so no clock moves.
      const startsAt = new Date(this.clock.getTime() + HOUR).toISOString();
      const place = this.secret('agreed place');
      await this.must(buyer, { method: 'POST', url: `${base}/plan`, payload: { place, startsAt } });
    }
    if (reach('planned')) await this.must(host, { method: 'POST', url: `${base}/plan/accept` });
    if (reach('started')) {
      // The clock stands still, so the agreed start is moved back to the no-show grace ago: arrival
      // (from 15 minutes before the start) and the end (from the start plus the grace) are open.
      await this.db
        .update(auctionDates)
        .set({ startsAt: new Date(this.clock.getTime() - HOST_NO_SHOW_GRACE_MINUTES * 60_000) })
        .where(eq(auctionDates.auctionId, auctionId));
      await this.must(host, { method: 'POST', url: `${base}/date-mode/start` });
    }
    if (reach('hostArrived')) {
      await this.must(host, { method: 'POST', url: `${base}/date-mode/check-in`, payload: { kind: 'arrived' } });
    }
    if (reach('ended')) await this.must(host, { method: 'POST', url: `${base}/date-mode/end` });
    if (reach('refundRequested')) {
      const reason = this.secret('refund reason');
      await this.must(buyer, { method: 'POST', url: `${base}/refund-request`, payload: { reason } });
    }
    return date;
  }

  /**
   * A Buy Now of `host`'s by a fresh winner whose card declines: the charge fails at once and
   * stays `failed` for the fix window. With `fixed`, the winner has since saved a working card.
   */
  async failedCharge(options: { fixed?: boolean } = {}): Promise<OpenCharge> {
    const payer = await this.member(randomFirstName('Payer'), { card: CARDS.declines });
    const auctionId = await this.openAuction(this.host, '100.00');
    await this.must(payer, { method: 'POST', url: `/api/auctions/${auctionId}/buy-now` });
    const charge = await this.chargeOf(auctionId, payer, 'failed');
    if (options.fixed) await this.card(payer);
    return { auctionId, chargeId: this.mark(charge.id, `${payer.label}'s charge id`), payer };
  }

  /**
   * A second chance offer (docs/charging-and-ledger.md) to a runner-up with a working card:
   * they bid, the winner bought it now with a declining card and let the fix window pass, and
   * the sweep the lifecycle job runs, run as at that moment, offered the runner-up the date.
   * The world's clock itself does not move: the offer is open until long after it.
   */
  async secondChanceOffer(): Promise<OpenCharge> {
    const runnerUp = await this.member(randomFirstName('Runner'), { card: true });
    const unpaid = await this.failedChargeAfterBid(runnerUp);
    const [failed] = await this.db.select().from(charges).where(eq(charges.id, unpaid.chargeId));
    await releaseUnpaidWins(this.db, new Date(failed!.payBy!.getTime() + MINUTE));
    const offer = await this.chargeOf(unpaid.auctionId, runnerUp, 'offered');
    return {
      auctionId: unpaid.auctionId,
      chargeId: this.mark(offer.id, `${runnerUp.label}'s offer id`),
      payer: runnerUp,
      unpaidWinner: unpaid.payer,
    };
  }

  private async failedChargeAfterBid(bidder: Caller): Promise<OpenCharge> {
    const payer = await this.member(randomFirstName('Unpaid'), { card: CARDS.declines });
    const auctionId = await this.openAuction(this.host, '100.00');
    await this.must(bidder, { method: 'POST', url: '/api/bids', payload: { auctionId, amount: '25' } });
    await this.must(payer, { method: 'POST', url: `/api/auctions/${auctionId}/buy-now` });
    const charge = await this.chargeOf(auctionId, payer, 'failed');
    return { auctionId, chargeId: charge.id, payer };
  }

  private async chargeOf(auctionId: string, payer: Caller, status: string) {
    const [charge] = await this.db
      .select({ id: charges.id, status: charges.status })
      .from(charges)
      .where(and(eq(charges.auctionId, auctionId), eq(charges.payerId, payer.id)));
    if (charge?.status !== status) throw new Error(`${payer.label}'s charge is ${charge?.status}, not ${status}`);
    return charge;
  }

  async refundRequestIdOf(auctionId: string): Promise<string> {
    const [row] = await this.db
      .select({ id: refundRequests.id })
      .from(refundRequests)
      .where(eq(refundRequests.auctionId, auctionId));
    return row!.id;
  }

  /** A report by `reporter` on a fresh member, with private details. */
  async report(reporter: Caller): Promise<string> {
    const target = await this.member(randomFirstName('Target'));
    const res = await this.must(reporter, {
      method: 'POST',
      url: '/api/reports',
      payload: { targetType: 'user', targetId: target.id, reason: 'spam', details: this.secret('report details') },
    });
    return res.json<{ id: string }>().id;
  }

  private async populate(): Promise<void> {
    this.host = await this.member('Hana', { card: true });
    this.winner = await this.member('Wes', { card: true });
    this.stranger = await this.member('Sam', { card: true, owner: false });
    const mod = await signInByEmail(this.app, this.moderatorEmail);
    this.moderator = { id: mod.body.user.id, cookie: mod.cookie, email: this.moderatorEmail, label: 'Mona' };
    await this.must(this.moderator, { method: 'PUT', url: '/api/profile', payload: completeProfile('Mona') });
    this.mark(this.moderatorEmail, "the moderator's email");

    this.date = await this.paidDate('planned', this.host, this.winner);
    const link = await this.must(this.winner, {
      method: 'POST',
      url: `/api/auctions/${this.date.auctionId}/share-link`,
    });
    this.shareToken = this.mark(link.json<{ url: string }>().url.split('/').pop()!, 'share-link token');

    this.conversationId = auctionConversationId(this.date.auctionId, this.host.id, this.winner.id);
    await this.must(this.host, {
      method: 'POST',
      url: '/api/messages',
      payload: { conversationId: this.conversationId, receiverId: this.winner.id, content: this.secret('message') },
    });
    // A refund request stays open in the moderators' queue for the read rows.
    await this.paidDate('refundRequested');

    const hostDocs = await this.verification(this.host);
    this.hostDocumentId = hostDocs[0]!;
    const notices = await this.must(this.host, { method: 'GET', url: '/api/notifications' });
    this.hostNotificationId = notices.json<{ id: string }[]>()[0]!.id;
    const profileImage = await this.uploadedImage(this.host);
    await this.must(this.host, { method: 'PUT', url: '/api/profile/image', payload: { imageURL: profileImage } });
    await this.report(this.winner);
  }

  /** The ids of `who`'s profile photos, in their order. */
  async profilePhotoIds(who: Caller): Promise<string[]> {
    const answer = await this.must(who, { method: 'GET', url: '/api/profile/photos' });
    return answer
      .json<{ photos: { id: string }[] }>()
      .photos.map((photo) => this.mark(photo.id, `${who.label}'s photo id`));
  }

  /** A photo added to `who`'s profile for one row (at the end, so their main picture stays). */
  async addedProfilePhoto(who: Caller): Promise<string> {
    const imageURL = await this.uploadedImage(who);
    const answer = await this.must(who, { method: 'POST', url: '/api/profile/photos', payload: { imageURL } });
    return this.mark(answer.json<{ photos: { id: string }[] }>().photos.at(-1)!.id, `${who.label}'s added photo id`);
  }

  /** The name under /api/objects/images/ of `who`'s profile picture. */
  async profileImageNameOf(who: Caller): Promise<string> {
    const me = await this.must(who, { method: 'GET', url: '/api/auth/user' });
    return me.json<{ profileImageUrl: string }>().profileImageUrl.split('/').pop()!;
  }
}
