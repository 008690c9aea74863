import { hexDigestsEqual, hmacHex } from '../secrets.js';

const EXPIRES_PATTERN = /^\d{1,12}$/;
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;

/**
 * Signs the upload URLs this server answers itself (local storage): HMAC-SHA256 over the grant
 * id and the expiry, with a key derived from SESSION_SECRET so that a signature can never be
 * mistaken for any other HMAC the app computes with that secret.
 */
export class UploadUrlSigner {
  private readonly key: string;

  constructor(sessionSecret: string) {
    this.key = hmacHex(sessionSecret, 'bidyourdate/upload-url-signing/v1');
  }

  sign(grantId: string, expiresAtUnix: number): string {
    return hmacHex(this.key, `${grantId}.${expiresAtUnix}`);
  }

  /** The signed expiry when `signature` is ours for this grant and expiry, otherwise undefined. */
  verify(grantId: string, expires: unknown, signature: unknown): Date | undefined {
    if (typeof expires !== 'string' || !EXPIRES_PATTERN.test(expires)) return undefined;
    if (typeof signature !== 'string' || !SIGNATURE_PATTERN.test(signature)) return undefined;
    const expiresAtUnix = Number(expires);
    return hexDigestsEqual(signature, this.sign(grantId, expiresAtUnix)) ? new Date(expiresAtUnix * 1000) : undefined;
  }
}
