import { expect, test, type Page } from '@playwright/test';

/**
 * Nothing on the landing and browse pages jumps while they load on a phone (docs/performance.md,
 * "Lighthouse (mobile)": CLS under 0.1). The call the page waits for is held until its loading
 * state is on screen, so the test sees the loading layout and then the loaded one, whatever the
 * machine's speed.
 */
test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

const CLS_BOUND = 0.1;

/** Adds up every layout shift not caused by input, from the first paint on (the metric CLS sums). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts of the frames painted so far: after a frame, the observer's callback is queued as a task. */
async function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(() => resolve((window as unknown as { layoutShift: number }).layoutShift), 0),
        ),
      ),
  );
}

/** Holds requests to `pattern` until `release` is called, then lets them through to the server. */
async function hold(page: Page, pattern: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the landing page does not shift while it loads', async ({ page }) => {
  await recordLayoutShifts(page);
  // A visitor without a session: the page asks nothing about them first (docs/performance.md), so
  // what it waits for is its own chunk.
  const authCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/user') authCalls.push(request.url());
  });
  const release = await hold(page, /\/assets\/LandingPage-[\w-]+\.js$/);
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeAttached();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bid Your Perfect Date');
  await expect(page.getByTestId('site-footer')).toBeAttached();
  expect(await layoutShiftSoFar(page)).toBeLessThan(CLS_BOUND);
  expect(authCalls).toEqual([]);
});

test('browse does not shift while its auctions load', async ({ page }) => {
  await recordLayoutShifts(page);
  const release = await hold(page, /\/api\/auctions(\?|$)/);
  await page.goto('/browse');
  await expect(page.getByText('Loading auctions...')).toBeVisible();
  release();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ auctions?$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready to bid on your perfect date?' })).toBeAttached();
  expect(await layoutShiftSoFar(page)).toBeLessThan(CLS_BOUND);
});
