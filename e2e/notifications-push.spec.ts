import {
  chromium,
  expect,
  test,
  type Browser,
  type BrowserContext,
  type LaunchOptions,
  type Page,
} from '@playwright/test';
import { signUpMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';
import { startFakeGcm, type FakeGcm } from './support/fake-gcm';

// Issue 22 (docs/notifications.md): the installable app, the offline page, web push on this
// device, and the profile's "Notifications" section.
//
// Web push in Chromium: Playwright's ordinary browser contexts are incognito profiles, where
// Chrome refuses PushManager.subscribe outright ("Registration failed - permission denied"); the
// last test relies on that to check how the app reports a refusal. A persistent profile
// subscribes through Google's GCM/FCM servers, which this machine cannot reach, so the push tests
// launch one whose GCM client is pointed (--gcm-checkin-url, --gcm-registration-url) at a fake
// GCM the test starts (e2e/support/fake-gcm.ts): the app's own "Turn on on this device" then
// gets a real subscription and stores it. The fake cannot carry a message to the browser (that
// is FCM's MCS socket), so the push is delivered to the real service worker through the DevTools
// protocol (ServiceWorker.deliverPushMessage), and the test clicks the notification it shows.
// Encryption, VAPID and the push service side are covered by
// apps/server/test/integration/notification-push.test.ts against a local push service.

const PHONE = { width: 390, height: 844 };

async function signedInContext(
  browser: Browser,
  baseURL: string,
  name: string,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await signUpMember(context.request, name);
  return { context, page: await context.newPage() };
}

/** Waits until the service worker controls the page (it claims open tabs when it activates). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** The PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test('the app is installable: every page links the manifest, whose PNG icons load', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'BidYourDate',
    short_name: 'BidYourDate',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const bySize = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(bySize).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const [width, height] = pngSize(await image.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
  // Other pages link it too (the one index.html serves every page).
  await page.goto('/browse');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
});

test('with the network cut, a reload shows the offline page instead of the browser error', async ({
  page,
  context,
}) => {
  await page.goto('/browse');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByTestId('offline-title')).toHaveText('You are offline');
    await expect(page).toHaveTitle('You are offline · BidYourDate');
    // Another page of the app, typed in while offline: the same page.
    await page.goto('/auction/00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('offline-title')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await page.reload();
  await expect(page.getByTestId('offline-title')).toHaveCount(0);
});

/**
 * A persistent Chromium profile (an incognito one refuses push outright) whose GCM client talks to
 * a fake GCM (e2e/support/fake-gcm.ts), so PushManager.subscribe() really succeeds. The project's
 * launch options (Debian's Chromium, the sandbox flags) are kept.
 */
async function launchPushCapableChromium(
  launchOptions: LaunchOptions,
  profileDir: string,
  baseURL: string,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; gcm: FakeGcm }> {
  const gcm = await startFakeGcm();
  try {
    const context = await chromium.launchPersistentContext(profileDir, {
      ...launchOptions,
      args: [...(launchOptions.args ?? []), ...gcm.chromiumArgs],
      baseURL,
      viewport,
    });
    return { context, gcm };
  } catch (error) {
    await gcm.close();
    throw error;
  }
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 720 }],
  ['phone', PHONE],
] as const) {
  test(`turning notifications on subscribes this browser; a push to it shows a notification whose click opens the auction (${label})`, async ({
    launchOptions,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { context, gcm } = await launchPushCapableChromium(
      launchOptions,
      testInfo.outputPath('chromium-profile'),
      baseURL!,
      viewport,
    );
    try {
      await context.grantPermissions(['notifications'], { origin: baseURL! });
      await signUpMember(context.request, 'Pia');
      const auctionId = await createAuctionViaApi(context.request, { title: uniqueTitle('Harbour walk') });
      const page = context.pages()[0] ?? (await context.newPage());

      // The profile's control: the app asks the browser to subscribe and posts the answer.
      await page.goto('/profile');
      await waitForServiceWorker(page);
      const section = page.getByTestId('notification-settings');
      await expect(section.getByTestId('device-push-state')).toHaveText('Notifications are off for this device.');
      await section.getByRole('button', { name: 'Turn on on this device' }).click();
      await expect(section.getByTestId('device-push-state')).toHaveText('Notifications are on for this device.', {
        timeout: 30_000,
      });

      // Chromium asked "FCM" for a token for this site with the server's VAPID key as the sender,
      // and the endpoint it gave the app ends with that token.
      const { publicKey } = (await (await context.request.get('/api/push/public-key')).json()) as {
        publicKey: string;
      };
      const ours = gcm.registrations.filter((r) => r.fields['X-subtype']?.startsWith(`wp:${baseURL}/`));
      expect(ours).toHaveLength(1);
      expect(ours[0]!.fields.sender).toBe(publicKey);
      const endpoint = await page.evaluate(
        async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint,
      );
      // Debian's Chromium names no release channel, so it gets the address of Chrome's non-Stable
      // channels (docs/notifications.md, SSRF allow-list).
      expect(endpoint).toBe(`https://jmt17.google.com/fcm/send/${ours[0]!.token}`);

      // The server stored the device: the member's data export lists it (by push service only).
      const exported = async () =>
        (
          (await (await context.request.get('/api/account/export')).json()) as {
            pushDevices: { pushService: string }[];
          }
        ).pushDevices;
      expect((await exported()).map((d) => d.pushService)).toEqual(['https://jmt17.google.com']);

      // No notification yet. Asking also waits for the just-launched browser's notification
      // service to start (Chromium's NotificationDisplayServiceImpl queues its work until its
      // platform bridge, D-Bus on Linux, answers). Without this, the first notification a freshly
      // launched persistent Chromium showed here was often missing from getNotifications(): in a
      // standalone reproduction, in 5 of 6 launches without this call and in none of 6 with it.
      expect(
        await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length),
      ).toBe(0);

      // A push, as the server sends it (its payload contract), delivered by the DevTools protocol
      // (the fake GCM has no MCS socket to carry one).
      const cdp = await context.newCDPSession(page);
      const registrationId = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const found = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
          if (found) resolve(found.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      // The browser's own record of the push event (DevTools' "Push messaging" panel): the event
      // completes once the worker's waitUntil(showNotification(…)) has settled, with its outcome.
      // The notification is read only after that: Chromium drops from its notification database
      // any notification that is stored but not yet on display when getNotifications() asks, so
      // asking while the worker is still showing one can lose it for good. Polling did (CI saw []
      // for 15 s); in a standalone reproduction, 26 of 40 notifications shown while the page kept
      // calling getNotifications() were lost, and none of 40 without it.
      let pushOutcome: string | undefined;
      cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
        if (event.eventName === 'Push event completed') {
          pushOutcome = event.eventMetadata.find((m) => m.key === 'Status')?.value ?? 'no status';
        }
      });
      await cdp.send('BackgroundService.setRecording', { service: 'pushMessaging', shouldRecord: true });
      await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
      const payload = {
        type: 'outbid',
        title: "You've been outbid",
        body: 'Someone bid $40 on "Harbour walk"',
        url: `/auction/${auctionId}`,
      };
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL!,
        registrationId: await registrationId,
        data: JSON.stringify(payload),
      });
      await expect.poll(() => pushOutcome, { timeout: 15_000 }).toBe('Success');

      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            icon: n.icon,
            data: n.data as unknown,
          }));
        }),
      ).toEqual([
        {
          title: payload.title,
          body: payload.body,
          icon: `${baseURL}/icons/icon-192.png`,
          data: { url: payload.url },
        },
      ]);

      // The click: the service worker's notificationclick handler brings the open tab to the auction.
      // (Chromium offers no way to click a system notification from a test, so the event is
      // dispatched in the worker on the notification it showed.)
      const [worker] = context.serviceWorkers();
      expect(worker).toBeDefined();
      await worker!.evaluate(async () => {
        // The worker's global scope (the e2e project has no WebWorker types).
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          dispatchEvent(event: Event): boolean;
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        };
        const [notification] = await scope.registration.getNotifications();
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
      });
      await expect(page).toHaveURL(new RegExp(`/auction/${auctionId}$`), { timeout: 15_000 });
      // The auction page loads its data after the navigation: slow on a busy machine.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      // The click closed the notification.
      await expect
        .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length))
        .toBe(0);

      // Turning it off: the server forgets the device and the browser drops the subscription.
      await page.goto('/profile');
      await section.getByRole('button', { name: 'Turn off on this device' }).click();
      await expect(section.getByTestId('device-push-state')).toHaveText('Notifications are off for this device.');
      expect(await exported()).toEqual([]);
      expect(
        await page.evaluate(
          async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null,
        ),
      ).toBe(true);
    } finally {
      await context.close();
      await gcm.close();
    }
  });
}

test('after sign-in a calm prompt offers notifications (not on first paint); the profile shows the device and the switches', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await signedInContext(browser, baseURL!, 'Noa', PHONE);
  try {
    // Permission "granted" by the test would skip the prompt: this member's browser has not decided yet.
    await context.clearPermissions();
    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByTestId('push-prompt')).toHaveCount(0);
    const prompt = page.getByTestId('push-prompt');
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(prompt).toContainText('Get alerts on this device?');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toHaveCount(0);
    // Answered once: this device is not asked again.
    expect(await page.evaluate(() => localStorage.getItem('bidyourdate.push-prompt-answered'))).not.toBeNull();

    // The profile's section: the switches save at once, and the device can be turned on from here.
    await context.grantPermissions(['notifications'], { origin: baseURL! });
    await page.goto('/profile');
    const section = page.getByTestId('notification-settings');
    await expect(section.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    const outbidEmail = section.getByRole('switch', { name: "E-mail: You've been outbid" });
    await expect(outbidEmail).toBeChecked();
    await outbidEmail.click();
    await expect(outbidEmail).not.toBeChecked();
    await expect
      .poll(async () => {
        const res = await context.request.get('/api/notification-preferences');
        const body = (await res.json()) as { preferences: { type: string; email: boolean; push: boolean }[] };
        return body.preferences.find((p) => p.type === 'outbid');
      })
      .toEqual({ type: 'outbid', email: false, push: true });
    await page.reload();
    // The section loads the preferences after the reload: slow on a busy machine.
    await expect(section.getByRole('switch', { name: "E-mail: You've been outbid" })).not.toBeChecked({
      timeout: 15_000,
    });
    await expect(section.getByRole('switch', { name: "Push: You've been outbid" })).toBeChecked();

    // This device: permission granted, no subscription yet. Turning it on asks the browser to
    // subscribe; Chromium refuses in an incognito profile (see the top of this file), and the app
    // says so.
    await expect(section.getByTestId('device-push-state')).toHaveText('Notifications are off for this device.');
    await section.getByRole('button', { name: 'Turn on on this device' }).click();
    await expect(page.getByText('Notifications not turned on', { exact: true })).toBeVisible();
    await expect(section.getByTestId('device-push-state')).toHaveText('Notifications are off for this device.');
  } finally {
    await context.close();
  }
});
