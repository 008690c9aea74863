import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  WebhookSignatureError,
  type PartnerResult,
  type PartnerWebhookEvent,
  type VerificationPartner,
} from './verification-partner.js';

/**
 * Stripe Identity over its REST API (docs/trust-and-safety.md): a `document` verification
 * session that requires a matching selfie; the member completes it on Stripe's hosted page and
 * the outcome arrives by webhook, signed with the endpoint's secret.
 */
export interface StripeIdentityOptions {
  secretKey: string;
  /** `whsec_…`; without it every webhook call is refused. */
  webhookSecret: string | undefined;
  /** Only tests change it, to a local stand-in: this machine cannot reach api.stripe.com. */
  apiBase?: string;
  fetch?: typeof fetch;
}

/** Stripe's own default tolerance for a signed webhook's timestamp. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const EVENT_RESULTS: Record<string, PartnerResult> = {
  'identity.verification_session.verified': 'verified',
  'identity.verification_session.requires_input': 'requires_input',
  'identity.verification_session.processing': 'processing',
  'identity.verification_session.canceled': 'canceled',
};

/** Checks `Stripe-Signature: t=…,v1=…` (HMAC-SHA256 of `${t}.${rawBody}`), in constant time. */
export function verifyStripeSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookSignatureError('missing signature');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) throw new WebhookSignatureError('malformed signature');
  // An old (or far-future) timestamp is a replay of a captured call, whatever its signature.
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) throw new WebhookSignatureError('stale');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  const matches = signatures.some((candidate) => {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) return false;
    return timingSafeEqual(Buffer.from(candidate, 'hex'), expected);
  });
  if (!matches) throw new WebhookSignatureError('mismatch');
}

/** The header Stripe would send for this body (tests and local tools sign with it). */
export function signStripePayload(rawBody: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

interface StripeVerificationSession {
  id: string;
  object: string;
  status: string;
  url: string | null;
  last_error?: { code?: string | null; reason?: string | null } | null;
}

export function createStripeIdentityPartner(options: StripeIdentityOptions): VerificationPartner {
  const apiBase = (options.apiBase ?? 'https://api.stripe.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;

  return {
    name: 'stripe',

    async createSession({ userId, returnUrl }) {
      const body = new URLSearchParams({
        type: 'document',
        'options[document][require_matching_selfie]': 'true',
        'metadata[userId]': userId,
        return_url: returnUrl,
      });
      const res = await doFetch(`${apiBase}/v1/identity/verification_sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      const json = (await res.json().catch(() => undefined)) as
        (StripeVerificationSession & { error?: { message?: string } }) | undefined;
      if (!res.ok || !json?.id || !json.url) {
        throw new Error(
          `Stripe Identity refused a verification session (${res.status}): ${json?.error?.message ?? ''}`,
        );
      }
      return { id: json.id, url: json.url };
    },

    parseWebhook(rawBody, signatureHeader, now): PartnerWebhookEvent {
      if (!options.webhookSecret) throw new WebhookSignatureError('no webhook secret configured');
      verifyStripeSignature(rawBody, signatureHeader, options.webhookSecret, now);
      let event: { id?: unknown; type?: unknown; data?: { object?: StripeVerificationSession } };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        throw new WebhookSignatureError('body is not JSON');
      }
      // `null` is valid JSON too: reading a field of it would throw a TypeError (a 500).
      if (
        typeof event !== 'object' ||
        event === null ||
        typeof event.id !== 'string' ||
        typeof event.type !== 'string'
      ) {
        throw new WebhookSignatureError('not an event');
      }
      const result = EVENT_RESULTS[event.type];
      const session = event.data?.object;
      if (!result || !session || session.object !== 'identity.verification_session' || typeof session.id !== 'string') {
        return { eventId: event.id, type: event.type, verdict: undefined };
      }
      return {
        eventId: event.id,
        type: event.type,
        verdict: {
          sessionId: session.id,
          result,
          confidenceScore: null,
          details: {
            partner: 'stripe',
            stripeStatus: session.status,
            errorCode: session.last_error?.code ?? null,
          },
        },
      };
    },
  };
}
