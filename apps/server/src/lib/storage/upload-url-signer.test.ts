import { describe, expect, it } from 'vitest';
import { hmacHex } from '../secrets.js';
import { UploadUrlSigner } from './upload-url-signer.js';

const grantId = '0b6f3c1e-8f7a-4d2b-9c1e-2a3b4c5d6e7f';
const otherGrant = '1c7a4d2f-9a8b-4e3c-8d2f-3b4c5d6e7f80';

describe('UploadUrlSigner', () => {
  const signer = new UploadUrlSigner('a-session-secret-of-at-least-32-characters');
  const expires = 1_900_000_000;
  const signature = signer.sign(grantId, expires);

  it('accepts its own signature and answers the signed expiry', () => {
    expect(signer.verify(grantId, String(expires), signature)).toEqual(new Date(expires * 1000));
  });

  it('refuses another grant, another expiry, another secret and malformed input', () => {
    expect(signer.verify(otherGrant, String(expires), signature)).toBeUndefined();
    expect(signer.verify(grantId, String(expires + 1), signature)).toBeUndefined();
    const other = new UploadUrlSigner('another-session-secret-of-32-characters!');
    expect(other.verify(grantId, String(expires), signature)).toBeUndefined();
    expect(signer.verify(grantId, String(expires), signature.toUpperCase())).toBeUndefined();
    expect(signer.verify(grantId, String(expires), signature.slice(2))).toBeUndefined();
    expect(signer.verify(grantId, '-1', signature)).toBeUndefined();
    expect(signer.verify(grantId, ['1', '2'], signature)).toBeUndefined();
    expect(signer.verify(grantId, String(expires), undefined)).toBeUndefined();
  });

  it('signs with a derived key, not the session secret itself', () => {
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signature).not.toBe(hmacHex('a-session-secret-of-at-least-32-characters', `${grantId}.${expires}`));
  });
});
