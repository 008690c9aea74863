/**
 * An identity verification partner (docs/trust-and-safety.md, "Identity verification"): Stripe
 * Identity when Stripe is configured, otherwise an offline sandbox with the same answers.
 */

/** What a partner finally says about a verification session (or that it is still working). */
export type PartnerResult = 'verified' | 'requires_input' | 'manual_review' | 'failed' | 'processing' | 'canceled';

export interface PartnerSession {
  /** The partner's session id (`vs_…`; the sandbox's ids are `vs_sandbox_…`). */
  id: string;
  /** Where the member goes next: the partner's hosted page, or the in-app sandbox page. */
  url: string;
}

/** A partner's verdict on one session, however it arrived (a webhook, or the sandbox's button). */
export interface PartnerVerdict {
  sessionId: string;
  result: PartnerResult;
  /** 0..1, when the partner gives one. */
  confidenceScore: number | null;
  /** Safe, non-biometric facts (error codes, the partner's name); never images or document numbers. */
  details: Record<string, string | number | boolean | null>;
}

/** A verified webhook event. */
export interface PartnerWebhookEvent {
  eventId: string;
  type: string;
  /** Undefined for event types that say nothing about a verification's outcome. */
  verdict: PartnerVerdict | undefined;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface VerificationPartner {
  readonly name: 'stripe' | 'sandbox';
  createSession(input: { userId: string; returnUrl: string }): Promise<PartnerSession>;
  /**
   * Checks a webhook call's signature against its raw body and returns the event, or throws
   * WebhookSignatureError. Undefined when this partner has no webhooks (the sandbox).
   */
  readonly parseWebhook?: (rawBody: string, signatureHeader: string | undefined, now: Date) => PartnerWebhookEvent;
}
