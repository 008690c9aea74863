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
});
