import { randomUUID } from 'node:crypto';
import { SANDBOX_VERIFICATION_PATH } from '@bid/contract';
import type { VerificationPartner } from './verification-partner.js';

/**
 * The offline partner (docs/trust-and-safety.md): the member uploads their photos in the app and
 * picks the outcome on the sandbox page (POST /api/identity/sandbox/complete), which is then
 * applied by the same code that applies a Stripe webhook. Nothing leaves the machine.
 */
export const SANDBOX_SESSION_PREFIX = 'vs_sandbox_';

/** The confidence the sandbox reports for each outcome, so the field is filled as Stripe's checks would. */
export const SANDBOX_CONFIDENCE = { verified: 0.97, requires_input: 0.41, manual_review: 0.63, failed: 0.12 } as const;

export function createSandboxPartner(): VerificationPartner {
  return {
    name: 'sandbox',
    async createSession() {
      return { id: `${SANDBOX_SESSION_PREFIX}${randomUUID()}`, url: SANDBOX_VERIFICATION_PATH };
    },
  };
}
