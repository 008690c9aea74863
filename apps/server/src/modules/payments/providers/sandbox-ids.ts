import { createHash, randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Base62 text from bytes; the slight bias of `% 62` does not matter for identifiers. */
function toBase62(bytes: Uint8Array, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[bytes[i % bytes.length]! % 62];
  return out;
}

/**
 * A Stripe-looking id (`pm_…`, `pi_…`, `seti_…`, `re_…`, `tr_…`, and `acct_sbx_…` for payout
 * accounts, marked so nobody mistakes one for a Stripe account) with 24 random characters (about 143 bits).
 */
export function sandboxId(prefix: 'pm' | 'pi' | 'seti' | 're' | 'tr' | 'acct_sbx' | 'evt'): string {
  return `${prefix}_${toBase62(randomBytes(24), 24)}`;
}

/**
 * A SetupIntent's client secret as Stripe shapes it (`seti_…_secret_…`). Whoever holds it can
 * confirm the setup, so its secret part carries 32 random base62 characters (about 190 bits).
 */
export function sandboxClientSecret(setupIntentId: string): string {
  return `${setupIntentId}_secret_${toBase62(randomBytes(32), 32)}`;
}

/**
 * The sandbox keeps no customer table, so the customer id is derived from the idempotency key:
 * a repeated createCustomer with the same key answers with the same customer, as Stripe does.
 */
export function sandboxCustomerId(idempotencyKey: string): string {
  return `cus_sandbox_${toBase62(createHash('sha256').update(idempotencyKey).digest(), 24)}`;
}
