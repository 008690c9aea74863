import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationServerKey, isPushSupported, readDevicePushState } from './devicePush';

describe('device push helpers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns a base64url VAPID key into its bytes, with or without padding', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 80 }), (bytes) => {
        const encoded = btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        expect([...applicationServerKey(encoded)]).toEqual([...bytes]);
      }),
    );
  });

  it('says "unsupported" where the browser has no push (jsdom has no service workers)', async () => {
    expect(isPushSupported()).toBe(false);
    expect(await readDevicePushState()).toBe('unsupported');
  });
});
