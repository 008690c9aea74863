import type { PushSubscriptionInput } from '@bid/contract';
import { forgetDeviceSubscription, saveDeviceSubscription } from './api/push';

/**
 * Web push on this device (docs/notifications.md): whether the browser can, whether the member
 * allowed it, and turning it on and off. The subscription itself lives in the browser; the server
 * keeps a copy per device to send to.
 */
export type DevicePushState = 'unsupported' | 'blocked' | 'on' | 'off';

/** How long to wait for the service worker before saying this device cannot do push. */
const SERVICE_WORKER_WAIT_MS = 10_000;

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_resolve, reject) =>
    setTimeout(
      () => reject(new Error('The app is not installed on this device yet. Reload and try again.')),
      SERVICE_WORKER_WAIT_MS,
    ),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function readDevicePushState(): Promise<DevicePushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

function subscriptionJson(subscription: PushSubscription): PushSubscriptionInput {
  return subscription.toJSON() as PushSubscriptionInput;
}

/** The VAPID key as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export class PushPermissionRefused extends Error {
  override name = 'PushPermissionRefused';
}

/** Asks the browser (a permission prompt when not yet decided), subscribes and tells the server. */
export async function turnOnDevicePush(publicKey: string): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushPermissionRefused('Notifications are blocked for this site in your browser settings.');
  }
  const registration = await readyRegistration();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  await saveDeviceSubscription(subscriptionJson(subscription));
}

/** Stops pushes to this device: the server forgets it, then the browser drops the subscription. */
export async function turnOffDevicePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await forgetDeviceSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

/**
 * After sign-in, a device that already has a subscription is saved again for the member now
 * signed in (another member may have used this browser before; the server moves the device).
 */
export async function resyncDevicePush(): Promise<void> {
  if (!isPushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await saveDeviceSubscription(subscriptionJson(subscription));
}
