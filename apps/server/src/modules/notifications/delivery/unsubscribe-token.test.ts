import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { OUT_OF_APP_NOTIFICATION_TYPES } from '@bid/contract';
import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.js';

const SECRET = 'a-test-session-secret-of-at-least-32-characters';

describe('unsubscribe tokens', () => {
  it('name the member and the type they were signed for', () => {
    for (const type of OUT_OF_APP_NOTIFICATION_TYPES) {
      const userId = randomUUID();
      expect(verifyUnsubscribeToken(SECRET, signUnsubscribeToken(SECRET, userId, type))).toEqual({ userId, type });
    }
  });

  it('refuse another secret, a changed member or type, and any string that was not signed', () => {
    const userId = randomUUID();
    const token = signUnsubscribeToken(SECRET, userId, 'outbid');
    expect(verifyUnsubscribeToken(`${SECRET}-other`, token)).toBeUndefined();
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(`${randomUUID()}.outbid`).toString('base64url')}.${signature}`;
    expect(verifyUnsubscribeToken(SECRET, forged)).toBeUndefined();
    const otherType = `${Buffer.from(`${userId}.auction_won`).toString('base64url')}.${signature}`;
    expect(verifyUnsubscribeToken(SECRET, otherType)).toBeUndefined();
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (junk) => {
        expect(verifyUnsubscribeToken(SECRET, junk)).toBeUndefined();
      }),
    );
    expect(verifyUnsubscribeToken(SECRET, undefined)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, ['x'])).toBeUndefined();
  });

  it('refuse a non-canonical spelling of a valid token (the third hostile test)', () => {
    // The last character of a base64url string whose length is not a multiple of 4 carries unused
    // bits: changing them decodes to the same bytes. Only the spelling this server wrote is valid.
    const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respell = (part: string) => {
      const last = base64url.indexOf(part.at(-1)!);
      for (let bits = 1; bits < 16; bits++) {
        const other = `${part.slice(0, -1)}${base64url[last ^ bits]}`;
        if (Buffer.from(other, 'base64url').equals(Buffer.from(part, 'base64url'))) return other;
      }
      return undefined;
    };
    let checked = 0;
    for (let i = 0; i < 20; i++) {
      const token = signUnsubscribeToken(SECRET, randomUUID(), 'outbid');
      expect(verifyUnsubscribeToken(SECRET, token)).toBeDefined();
      const [payload, signature] = token.split('.') as [string, string];
      for (const [other, rebuilt] of [
        [respell(payload), (p: string) => `${p}.${signature}`],
        [respell(signature), (s: string) => `${payload}.${s}`],
      ] as const) {
        if (other === undefined) continue;
        checked++;
        expect(verifyUnsubscribeToken(SECRET, rebuilt(other))).toBeUndefined();
      }
    }
    // The signature (32 bytes) always has spare bits, so every round checked at least one.
    expect(checked).toBeGreaterThanOrEqual(20);
    // Padding is not part of the spelling either.
    const token = signUnsubscribeToken(SECRET, randomUUID(), 'outbid');
    expect(verifyUnsubscribeToken(SECRET, `${token}=`)).toBeUndefined();
  });
});
