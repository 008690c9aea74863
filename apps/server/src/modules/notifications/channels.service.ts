import {
  NOTIFICATION_TYPE_LABELS,
  OUT_OF_APP_NOTIFICATION_TYPES,
  type NotificationPreferencesResponse,
  type OutOfAppNotificationType,
  type PushSubscriptionInput,
  type PushUnsubscribeInput,
  type UpdateNotificationPreferencesInput,
} from '@bid/contract';
import type { Db } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/errors.js';
import {
  deletePushSubscription,
  listPushSubscriptionsOf,
  listStoredPreferences,
  memberExists,
  saveChannelChoice,
  trimPushSubscriptions,
  upsertPushSubscription,
} from './channels.repository.js';
import { isAllowedPushEndpoint } from './delivery/push-endpoints.js';
import { verifyUnsubscribeToken } from './delivery/unsubscribe-token.js';

/** Devices kept per member: enough for every phone and browser a person uses, and a cap on fan-out. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

export interface ChannelsDeps {
  db: Db;
  /** VAPID public key; undefined when push is off. */
  pushPublicKey: string | undefined;
  pushAllowedOrigins: readonly string[];
  sessionSecret: string;
}

/** One entry per type that can reach a member outside the app, in the contract's order. */
export async function getMyPreferences(
  deps: Pick<ChannelsDeps, 'db'>,
  userId: string,
): Promise<NotificationPreferencesResponse> {
  const stored = new Map((await listStoredPreferences(deps.db, userId)).map((row) => [row.type, row]));
  return {
    preferences: OUT_OF_APP_NOTIFICATION_TYPES.map((type) => {
      const row = stored.get(type);
      return { type, email: row?.email ?? true, push: row?.push ?? true };
    }),
  };
}

export async function updateMyPreferences(
  deps: ChannelsDeps,
  userId: string,
  input: UpdateNotificationPreferencesInput,
): Promise<NotificationPreferencesResponse> {
  await deps.db.transaction(async (tx) => {
    for (const change of input.preferences) {
      if (change.email !== undefined) await saveChannelChoice(tx, userId, change.type, 'email', change.email);
      if (change.push !== undefined) await saveChannelChoice(tx, userId, change.type, 'push', change.push);
    }
  });
  return getMyPreferences(deps, userId);
}

export interface UnsubscribeResult {
  type: OutOfAppNotificationType;
  label: string;
}

/** Reads an unsubscribe link's token without changing anything (the GET confirmation page). */
export async function readUnsubscribeToken(deps: ChannelsDeps, token: unknown): Promise<UnsubscribeResult> {
  const named = verifyUnsubscribeToken(deps.sessionSecret, token);
  if (!named || !(await memberExists(deps.db, named.userId))) throw badRequest(INVALID_UNSUBSCRIBE_LINK, 'token');
  return { type: named.type, label: NOTIFICATION_TYPE_LABELS[named.type] };
}

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid.';

/** RFC 8058 one-click unsubscribe: the token alone (no session) turns one type's e-mails off for its member. */
export async function unsubscribeByToken(deps: ChannelsDeps, token: unknown): Promise<UnsubscribeResult> {
  const named = verifyUnsubscribeToken(deps.sessionSecret, token);
  if (!named || !(await memberExists(deps.db, named.userId))) throw badRequest(INVALID_UNSUBSCRIBE_LINK, 'token');
  await saveChannelChoice(deps.db, named.userId, named.type, 'email', false);
  return { type: named.type, label: NOTIFICATION_TYPE_LABELS[named.type] };
}

export function pushPublicKey(deps: ChannelsDeps): { publicKey: string | null } {
  return { publicKey: deps.pushPublicKey ?? null };
}

const PUSH_OFF = 'Push notifications are not available on this server.';
export const PUSH_SERVICE_NOT_ALLOWED = 'This push service is not allowed.';

export async function subscribeDevice(
  deps: ChannelsDeps,
  userId: string,
  input: PushSubscriptionInput,
): Promise<{ success: true }> {
  if (!deps.pushPublicKey) throw new AppError(409, 'push_off', PUSH_OFF);
  if (!isAllowedPushEndpoint(input.endpoint, deps.pushAllowedOrigins)) {
    throw badRequest(PUSH_SERVICE_NOT_ALLOWED, 'endpoint');
  }
  await deps.db.transaction(async (tx) => {
    await upsertPushSubscription(tx, {
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
    });
    await trimPushSubscriptions(tx, userId, MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER);
  });
  return { success: true };
}

/** What the data export says about the member's devices: the push service and the times, never the endpoint or keys. */
export async function pushDevicesForExport(db: Db, userId: string) {
  const devices = await listPushSubscriptionsOf(db, userId);
  return devices.map((device) => ({
    pushService: new URL(device.endpoint).origin,
    createdAt: device.createdAt.toISOString(),
    updatedAt: device.updatedAt.toISOString(),
  }));
}

export async function unsubscribeDevice(
  deps: ChannelsDeps,
  userId: string,
  input: PushUnsubscribeInput,
): Promise<void> {
  await deletePushSubscription(deps.db, userId, input.endpoint);
}
