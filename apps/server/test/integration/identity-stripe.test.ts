import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, identityWebhookEvents, users } from '../../src/db/schema/index.js';
import { signStripePayload, verifyStripeSignature } from '../../src/modules/identity/providers/stripe-identity.js';
import { WebhookSignatureError } from '../../src/modules/identity/providers/verification-partner.js';
import { TEST_PUBLIC_URL } from '../support/app.js';
import { suiteWorldWithStripeIdentity, type FakeStripeIdentity } from '../support/fake-stripe-identity.js';
import { testDatabaseFactories } from '../support/databases.js';

/**
 * Stripe Identity: our adapter against a local stand-in for the Stripe API (this machine cannot
 * reach api.stripe.com), and the webhook endpoint with real signatures, stale timestamps and
 * replays.
 */
const SECRET_KEY = 'sk_test_identity';
const WEBHOOK_SECRET = 'whsec_identity_test_secret';

describe('Stripe Identity signature check', () => {
  const now = new Date('2026-11-01T12:00:00Z');
  const t = Math.floor(now.getTime() / 1000);
  const body = '{"id":"evt_1"}';

  it('accepts a fresh, correctly signed body and refuses everything else', () => {
    expect(() =>
      verifyStripeSignature(body, signStripePayload(body, WEBHOOK_SECRET, t), WEBHOOK_SECRET, now),
    ).not.toThrow();
    // Several v1 signatures (secret rotation): one match is enough.
    const rotated = `t=${t},v1=${'0'.repeat(64)},${signStripePayload(body, WEBHOOK_SECRET, t).split(',')[1]}`;
    expect(() => verifyStripeSignature(body, rotated, WEBHOOK_SECRET, now)).not.toThrow();
    const cases: Array<[string, string | undefined]> = [
      ['missing', undefined],
      ['garbage', 'nonsense'],
      ['other secret', signStripePayload(body, 'whsec_other', t)],
      ['changed body', signStripePayload('{"id":"evt_2"}', WEBHOOK_SECRET, t)],
      ['stale', signStripePayload(body, WEBHOOK_SECRET, t - 301)],
      ['future', signStripePayload(body, WEBHOOK_SECRET, t + 301)],
      ['short signature', `t=${t},v1=abcd`],
    ];
    for (const [name, header] of cases) {
      expect(() => verifyStripeSignature(body, header, WEBHOOK_SECRET, now), name).toThrow(WebhookSignatureError);
    }
    expect(() =>
      verifyStripeSignature(body, signStripePayload(body, WEBHOOK_SECRET, t - 299), WEBHOOK_SECRET, now),
    ).not.toThrow();
  });
});

describe.each(testDatabaseFactories())('identity verification with Stripe Identity on $kind', (factory) => {
  const world = suiteWorldWithStripeIdentity(
    factory,
    { secretKey: SECRET_KEY, publishableKey: 'pk_test_identity', webhookSecret: WEBHOOK_SECRET },
    { clock: new Date() },
  );
  let stripe: FakeStripeIdentity;
  beforeAll(() => {
    stripe = world.service;
  });
  /** The app's clock, in seconds, as a Stripe-Signature's timestamp. */
  const nowSeconds = () => Math.floor(world.clock.getTime() / 1000);

  const member = (name: string) => world.signUp(name, { profile: false });
  const event = (type: string, sessionId: string, eventId = `evt_${randomUUID()}`, lastError: unknown = null) =>
    JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      data: {
        object: {
          id: sessionId,
          object: 'identity.verification_session',
          status: type.split('.').at(-1),
          last_error: lastError,
        },
      },
    });
  const deliver = (rawBody: string, signature?: string) =>
    world.app.inject({
      method: 'POST',
      url: '/api/identity/webhook',
      payload: rawBody,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
    });
  const signed = (rawBody: string, at = nowSeconds()) => signStripePayload(rawBody, WEBHOOK_SECRET, at);
  const userRow = async (id: string) => (await world.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('starts a Stripe verification session with a document and a matching selfie', async () => {
    const ada = await member('ada');
    stripe.recorded.length = 0;
    const res = await world.call(ada, 'POST', '/api/identity/verification');
    expect(res.statusCode).toBe(200);
    const view = res.json<{ partner: string; status: string; step: string; url: string }>();
    expect(view).toMatchObject({ partner: 'stripe', status: 'pending', step: 'partner_redirect' });
    expect(view.url).toMatch(/^https:\/\/verify\.stripe\.com\/start\/vs_/);
    expect(stripe.recorded).toHaveLength(1);
    expect(stripe.recorded[0]?.path).toBe('/v1/identity/verification_sessions');
    expect(stripe.recorded[0]?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(Object.fromEntries(stripe.recorded[0]!.body)).toEqual({
      type: 'document',
      'options[document][require_matching_selfie]': 'true',
      'metadata[userId]': ada.id,
      return_url: `${TEST_PUBLIC_URL}/profile?identity=returned`,
    });
    // The sandbox's routes do not exist with a real partner.
    const sandbox = await world.call(ada, 'POST', '/api/identity/sandbox/complete', { outcome: 'verified' });
    expect(sandbox.statusCode).toBe(404);
    const documents = await world.call(ada, 'POST', '/api/identity/verification/documents', {
      documentType: 'passport',
      kind: 'selfie',
      imageURL: '/api/objects/uploads/x',
    });
    expect(documents.statusCode).toBe(404);
    const start = (await world.db.select().from(auditLogs).where(eq(auditLogs.userId, ada.id))).find(
      (e) => e.action === 'verification_start',
    );
    expect(start).toMatchObject({
      outcome: 'success',
      complianceLevel: 'ial2',
      resourceId: (await userRow(ada.id)).identityVerificationSessionId,
    });
  });

  it('applies signed events once and refuses bad signatures and replays', async () => {
    const bo = await member('bo');
    await world.call(bo, 'POST', '/api/identity/verification');
    const sessionId = (await userRow(bo.id)).identityVerificationSessionId!;
    const verified = event('identity.verification_session.verified', sessionId);

    const refusals: Array<[string, string | undefined]> = [
      ['no signature', undefined],
      ['other secret', signStripePayload(verified, 'whsec_attacker', nowSeconds())],
      ['stale', signed(verified, nowSeconds() - 6 * 60)],
      ['other body', signed(event('identity.verification_session.verified', sessionId))],
    ];
    for (const [name, signature] of refusals) {
      const res = await deliver(verified, signature);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Webhook signature could not be verified.' });
    }
    expect((await userRow(bo.id)).identityVerificationStatus).toBe('pending');

    const processing = event('identity.verification_session.processing', sessionId);
    expect((await deliver(processing, signed(processing))).statusCode).toBe(200);
    expect(await userRow(bo.id)).toMatchObject({
      identityVerificationStatus: 'pending',
      identityVerificationStep: 'processing',
    });

    const ok = await deliver(verified, signed(verified));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: true, duplicate: false });
    const row = await userRow(bo.id);
    expect(row).toMatchObject({ identityVerificationStatus: 'verified', identityVerificationStep: 'complete' });
    expect(row.verificationCompletedAt).not.toBeNull();

    // The same event again, freshly and validly signed: acknowledged, not applied twice.
    world.clock = new Date(world.clock.getTime() + 60_000);
    const replay = await deliver(verified, signed(verified));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const notices = await world.call(bo, 'GET', '/api/notifications');
    expect(notices.json<{ title: string }[]>().filter((n) => n.title === 'Identity verified')).toHaveLength(1);
    const trail = (await world.db.select().from(auditLogs).where(eq(auditLogs.userId, bo.id))).filter(
      (e) => e.action === 'verification_complete',
    );
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ outcome: 'success', complianceLevel: 'ial2' });
    const stored = await world.db.select().from(identityWebhookEvents);
    expect(stored.map((e) => e.type)).toContain('identity.verification_session.verified');
  });

  it('asks for more input when Stripe says so, and ignores events for unknown sessions', async () => {
    const cy = await member('cy');
    await world.call(cy, 'POST', '/api/identity/verification');
    const sessionId = (await userRow(cy.id)).identityVerificationSessionId!;
    const needsInput = event('identity.verification_session.requires_input', sessionId, undefined, {
      code: 'selfie_face_mismatch',
      reason: 'The selfie does not match the document.',
    });
    expect((await deliver(needsInput, signed(needsInput))).statusCode).toBe(200);
    const row = await userRow(cy.id);
    expect(row).toMatchObject({ identityVerificationStatus: 'requires_input', identityVerificationStep: 'retry' });
    expect(row.verificationDetails).toMatchObject({ partner: 'stripe', errorCode: 'selfie_face_mismatch' });

    const stranger = event('identity.verification_session.verified', 'vs_nobody_has_this');
    expect((await deliver(stranger, signed(stranger))).statusCode).toBe(200);
    const unrelated = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect((await deliver(unrelated, signed(unrelated))).statusCode).toBe(200);
    expect((await userRow(cy.id)).identityVerificationStatus).toBe('requires_input');

    const canceled = event('identity.verification_session.canceled', sessionId);
    expect((await deliver(canceled, signed(canceled))).statusCode).toBe(200);
    expect(await userRow(cy.id)).toMatchObject({
      identityVerificationStatus: 'unverified',
      identityVerificationStep: null,
    });
  });
});
