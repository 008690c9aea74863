import { createHmac, timingSafeEqual } from 'node:crypto';
import { isCanonicalUuid, isOutOfAppNotificationType, type OutOfAppNotificationType } from '@bid/contract';

/**
 * The token in an alert e-mail's unsubscribe link (RFC 8058): it names one member and one
 * notification type, signed with a key derived from SESSION_SECRET for this purpose only, so it
 * can turn that one kind of e-mail off for that one member and can do nothing else (it is not a
 * session, and no other signature of the app verifies with it). It never expires: an unsubscribe
 * link must keep working in an old e-mail.
 */
const PURPOSE = 'bidyourdate/notification-unsubscribe/v1';

function signatureOf(secret: string, payload: string): Buffer {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return createHmac('sha256', key).update(payload).digest();
}

export function signUnsubscribeToken(secret: string, userId: string, type: OutOfAppNotificationType): string {
  const payload = `${userId}.${type}`;
  return `${Buffer.from(payload).toString('base64url')}.${signatureOf(secret, payload).toString('base64url')}`;
}

/** The member and type a token names, or undefined for anything not signed by this server. */
export function verifyUnsubscribeToken(
  secret: string,
  token: unknown,
): { userId: string; type: OutOfAppNotificationType } | undefined {
  if (typeof token !== 'string' || token.length > 200) return undefined;
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length > 0) return undefined;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const given = Buffer.from(signature, 'base64url');
  // Only the spelling this server writes: Node's decoder ignores padding, stray characters and the
  // spare bits of the last character, so several strings decode to one token. Re-encoding and
  // comparing makes each token have exactly one valid spelling.
  if (Buffer.from(payload).toString('base64url') !== encoded || given.toString('base64url') !== signature) {
    return undefined;
  }
  const expected = signatureOf(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [userId, type] = payload.split('.');
  if (!userId || !isCanonicalUuid(userId) || !type || !isOutOfAppNotificationType(type)) return undefined;
  return { userId, type };
}
