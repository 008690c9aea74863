import type { PushPayload } from '@bid/contract';
import webpush from 'web-push';
import type { VapidKeys } from './vapid-keys.js';

/** How long a push service keeps an undelivered push (the device is off): a day, like the outbox. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that takes longer than this to answer is treated as down (the outbox retries). */
export const PUSH_TIMEOUT_MS = 10_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Sends one web push and answers the push service's status code (201 is success). */
export type SendPush = (target: PushTarget, payload: PushPayload, options: { urgent: boolean }) => Promise<number>;

/**
 * web-push encrypts the payload for the subscription's keys (aes128gcm, RFC 8291) and signs the
 * VAPID JWT (RFC 8292); the request itself goes through fetch with a timeout and without
 * following redirects, so an endpoint cannot bounce the server to an address the allow-list
 * never saw (and so the http origins of PUSH_ALLOWED_ORIGINS work, which web-push's own https
 * client would refuse).
 */
export function createPushSender(keys: VapidKeys, timeoutMs = PUSH_TIMEOUT_MS): SendPush {
  return async (target, payload, options) => {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: options.urgent ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    const response = await fetch(details.endpoint, {
      method: 'POST',
      headers: details.headers,
      ...(details.body ? { body: new Uint8Array(details.body) } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.status;
  };
}
