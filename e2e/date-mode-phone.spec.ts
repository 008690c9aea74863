import { expect, test, type Browser } from '@playwright/test';
import { signUpMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';
import { MINUTE, moveClockPast, serverNow } from './support/clock';

// Issue 24, docs/the-date.md: on a phone (390×844), Date Mode says when it opens and opens by
// itself at that time; the member can share their location (Chromium's own geolocation, granted
// to the context), which the trusted contact's page shows with its time; and the emergency
// panel stays on screen however far the page scrolls, without covering the last control.
// The opening is reached with the sandbox test clock (docs/payments.md "The test clock"), so this
// journey runs in the "test-clock" project of playwright.config.ts; the page, never reloaded,
// learns the new time from its own periodic read of the server's clock.

const PHONE = { width: 390, height: 844 };
const TIME_ZONE = 'America/New_York';
const HERE = { latitude: 40.7128, longitude: -74.006, accuracy: 20 };
/** Date Mode opens this long before the agreed start (DATE_MODE_OPENS_MINUTES_BEFORE). */
const OPENS_MINUTES_BEFORE = 120;
/** The opening is this far ahead on the server's clock when the page loads: the button is closed. */
const OPENS_IN_MS = 10 * MINUTE;
/** The page reads the server's clock again at least this often (SERVER_CLOCK_REFRESH_MS). */
const SERVER_CLOCK_REFRESH_MS = 30_000;

async function phoneMember(browser: Browser, firstName: string) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: TIME_ZONE });
  const member = await signUpMember(context.request, firstName);
  return { member, context, page: await context.newPage() };
}

/** The opening as the page must word it, in the viewer's time zone ("Opens Saturday at 8:30 AM"). */
function openingText(opensAt: Date): string {
  const weekday = opensAt.toLocaleDateString('en-US', { weekday: 'long', timeZone: TIME_ZONE });
  const time = opensAt.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: TIME_ZONE });
  return `Opens ${weekday} at ${time}`;
}

test('Date Mode on a phone: opens at its time, shares the location with the friend, keeps the emergency panel on screen', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const host = await phoneMember(browser, 'Harper');
  const winner = await phoneMember(browser, 'Wyatt');
  const friend = await browser.newContext({ viewport: PHONE, isMobile: true, timezoneId: TIME_ZONE });
  try {
    const auctionId = await createAuctionViaApi(host.context.request, {
      title: uniqueTitle('Date Mode phone'),
      buyNowPrice: '100',
      expectedDuration: 60,
    });
    const bought = await winner.context.request.post(`/api/auctions/${auctionId}/buy-now`);
    expect(bought.status(), await bought.text()).toBe(200);

    // A plan whose Date Mode opens ten minutes from the server's now (the chat journey in
    // the-date.spec.ts covers planning).
    const startsAt = new Date((await serverNow(host.context.request)) + OPENS_MINUTES_BEFORE * MINUTE + OPENS_IN_MS);
    const proposed = await winner.context.request.post(`/api/auctions/${auctionId}/plan`, {
      data: { place: 'Blue Bottle Coffee, 5th Ave', startsAt: startsAt.toISOString() },
    });
    expect(proposed.status(), await proposed.text()).toBe(200);
    const accepted = await host.context.request.post(`/api/auctions/${auctionId}/plan/accept`);
    expect(accepted.status(), await accepted.text()).toBe(200);
    const opensAt = new Date((await accepted.json()).dateMode.opensAt as string);
    expect(opensAt.getTime()).toBe(startsAt.getTime() - OPENS_MINUTES_BEFORE * MINUTE);

    const { page } = host;
    await page.goto(`/auctions/${auctionId}/date`);
    await expect(page.getByRole('heading', { name: 'Date Mode', level: 1 })).toBeVisible();
    const start = page.getByRole('button', { name: 'Start Date Mode' });
    await expect(start).toBeDisabled();
    await expect(page.getByTestId('date-mode-opens')).toHaveText(openingText(opensAt));
    await expect(start).toHaveAccessibleDescription(openingText(opensAt));
    // Before it runs there is no location to share, and the copy says what the friend sees.
    await expect(page.getByRole('checkbox', { name: 'Share my location' })).toHaveCount(0);
    await expect(page.getByTestId('share-date-copy')).toHaveText(
      'A trusted friend sees the place and time, who you are meeting and your check-ins, not your location. They cannot change anything.',
    );

    // The server's clock moves past the opening; the page opens by itself, without a reload (its
    // next read of the server's clock, within SERVER_CLOCK_REFRESH_MS), and the server accepts the
    // start (no 409).
    await moveClockPast(host.context.request, opensAt.getTime());
    expect(await serverNow(host.context.request)).toBeGreaterThanOrEqual(opensAt.getTime());
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await expect(start).toBeEnabled({ timeout: SERVER_CLOCK_REFRESH_MS + 30_000 });
    await expect(page.getByTestId('date-mode-opens')).toHaveCount(0);
    expect(navigations, 'the page was not reloaded').toEqual([]);
    const started = page.waitForResponse((res) => res.url().endsWith('/date-mode/start'));
    await start.click();
    expect((await started).status()).toBe(200);
    await expect(page.getByTestId('date-elapsed')).toHaveText('0 min of 60 min');

    // The trusted contact's link.
    await page.getByRole('button', { name: 'Share my date' }).click();
    const link = await page.getByLabel('Share link').inputValue();
    const sharedPath = new URL(link).pathname;

    // Location sharing, with Chromium's geolocation granted to this context.
    await host.context.grantPermissions(['geolocation']);
    await host.context.setGeolocation(HERE);
    await page.getByRole('checkbox', { name: 'Share my location' }).check();
    await expect(page.getByTestId('my-location-status')).toHaveText(
      /^Location shared\. Last updated \d{1,2}:\d{2} [AP]M$/,
    );
    await expect(page.getByTestId('share-date-copy')).toHaveText(
      'A trusted friend can follow your location and your check-ins. They cannot change anything.',
    );

    // The friend (no account) sees the last known position and its time.
    const sharedApi = await friend.request.get(`/api${sharedPath.replace('/shared-date/', '/shared-dates/')}`);
    expect(sharedApi.status(), await sharedApi.text()).toBe(200);
    const position = (await sharedApi.json()).sharerPosition as { lat: number; lng: number; recordedAt: string };
    expect(position).toMatchObject({ lat: HERE.latitude, lng: HERE.longitude });
    const friendPage = await friend.newPage();
    await friendPage.goto(sharedPath);
    const map = friendPage.getByRole('link', { name: 'Open the map at 40.71280, -74.00600' });
    await expect(map).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=40.71280&mlon=-74.00600#map=17/40.71280/-74.00600',
    );
    const recorded = new Date(position.recordedAt).toLocaleTimeString('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: TIME_ZONE,
    });
    await expect(friendPage.getByTestId('shared-location-updated')).toHaveText(
      `Last updated ${recorded} · within about 20 m`,
    );

    // Turned off: the stored position is deleted and the friend's page says so.
    await page.getByRole('checkbox', { name: 'Share my location' }).uncheck();
    await expect(page.getByTestId('share-date-copy')).toHaveText(
      'A trusted friend sees the place and time, who you are meeting and your check-ins, not your location. They cannot change anything.',
    );
    const sharedNow = async () =>
      (
        (await (await friend.request.get(`/api/shared-dates/${sharedPath.split('/').pop()}`)).json()) as {
          sharerPosition: unknown;
        }
      ).sharerPosition;
    await expect.poll(sharedNow).toBeNull();
    await friendPage.reload();
    await expect(
      friendPage.getByText('Harper is not sharing their location. You see the place, the time and the check-ins.'),
    ).toBeVisible();

    // The emergency panel stays pinned to the bottom of the phone's screen, scrolled or not,
    // and the page's last control ("End date") scrolls clear of it.
    const panel = page.getByTestId('emergency-panel');
    const inViewport = async () => {
      const box = await panel.boundingBox();
      return box !== null && box.y >= 0 && Math.round(box.y + box.height) <= PHONE.height;
    };
    await expect.poll(inViewport).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect.poll(inViewport).toBe(true);
    await expect(panel.getByRole('link', { name: 'Call 911' })).toBeInViewport();
    const endDate = await page.getByRole('button', { name: 'End date' }).boundingBox();
    const panelBox = await panel.boundingBox();
    expect(endDate!.y + endDate!.height).toBeLessThanOrEqual(panelBox!.y);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(inViewport).toBe(true);
  } finally {
    await Promise.all([host.context.close(), winner.context.close(), friend.close()]);
  }
});
