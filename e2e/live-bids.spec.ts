import { expect, type Page, test } from '@playwright/test';
import { newSignedInMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// docs/product.md §4 "Live bids" and §7 "Real-time channel": a bid placed in one tab shows in every other
// tab showing the auction, without a reload and well before the 30 s poll (docs/realtime.md).

/** Well under POLL_INTERVAL_MS (30 s): only the WebSocket can make the change appear this fast. */
const LIVE_TIMEOUT_MS = 8_000;

/** Marks the page so that a reload (which would drop the mark) is detected. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload);

test('a bid placed in one browser appears live in another on the same auction page', async ({ browser }) => {
  test.setTimeout(90_000);
  const [host, bidder, watcher] = await Promise.all([
    newSignedInMember(browser, 'Hugo', 'Host'),
    newSignedInMember(browser, 'Bea', 'Bidder'),
    newSignedInMember(browser, 'Wren', 'Watcher'),
  ]);
  const visitorContext = await browser.newContext();
  try {
    const title = uniqueTitle('Rooftop picnic');
    const auctionId = await createAuctionViaApi(host.context.request, { title, startingBid: '20' });

    const visitor = await visitorContext.newPage();
    for (const page of [bidder.page, watcher.page, visitor]) {
      // The bid must come after the page subscribed: watch the frames the page sends.
      const sent: string[] = [];
      page.on('websocket', (ws) => ws.on('framesent', (frame) => sent.push(String(frame.payload))));
      await page.goto(`/auction/${auctionId}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect.poll(() => sent.some((payload) => payload.includes(auctionId))).toBe(true);
      await expect(page.getByTestId('bid-count')).toHaveText('0 bids');
      await markPage(page);
    }

    // Bea bids through the dialog in her browser.
    const b = bidder.page;
    await b.getByRole('button', { name: 'Place Bid' }).click();
    const dialog = b.getByRole('dialog', { name: 'Place Your Bid' });
    await dialog.getByLabel('Your bid ($)').fill('35');
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await expect(b.getByTestId('current-bid')).toHaveText('$35');

    // Wren (signed in) and a visitor see it without reloading.
    for (const page of [watcher.page, visitor]) {
      await expect(page.getByTestId('current-bid')).toHaveText('$35', { timeout: LIVE_TIMEOUT_MS });
      await expect(page.getByTestId('bid-count')).toHaveText('1 bid', { timeout: LIVE_TIMEOUT_MS });
      expect(await stillSamePage(page)).toBe(true);
    }

    // And the other way round: Wren outbids from his page; Bea's page follows.
    const w = watcher.page;
    await w.getByRole('button', { name: 'Place Bid' }).click();
    const wDialog = w.getByRole('dialog', { name: 'Place Your Bid' });
    await wDialog.getByLabel('Your bid ($)').fill('50');
    await wDialog.getByRole('button', { name: 'Place Bid' }).click();
    await expect(b.getByTestId('current-bid')).toHaveText('$50', { timeout: LIVE_TIMEOUT_MS });
    await expect(b.getByTestId('bid-count')).toHaveText('2 bids', { timeout: LIVE_TIMEOUT_MS });
    expect(await stillSamePage(b)).toBe(true);
  } finally {
    await Promise.all([host.context.close(), bidder.context.close(), watcher.context.close(), visitorContext.close()]);
  }
});
