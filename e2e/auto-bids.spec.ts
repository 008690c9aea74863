import { expect, type Browser, type Page, test } from '@playwright/test';
import { signUpMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// Automatic (maximum) bids, the watchlist and the bid history (docs/auctions.md), at desktop
// size and at phone size (390x844).

/** Well under the 30 s poll: only the WebSocket can make the change appear this fast. */
const LIVE_TIMEOUT_MS = 8_000;

const SIZES = [
  { name: 'desktop', viewport: undefined },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

async function member(browser: Browser, firstName: string, viewport: { width: number; height: number } | undefined) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const person = await signUpMember(context.request, firstName);
  const page = await context.newPage();
  return { member: person, context, page };
}

/** Opens the auction page and waits until it follows the auction live. */
async function openAuction(page: Page, auctionId: string, title: string) {
  const sent: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (frame) => sent.push(String(frame.payload))));
  await page.goto(`/auction/${auctionId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => sent.some((payload) => payload.includes(auctionId))).toBe(true);
}

for (const { name, viewport } of SIZES) {
  test(`a maximum bids for its owner while a rival bids from another browser (${name})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const [host, mia, rex] = await Promise.all([
      member(browser, 'Hana', viewport),
      member(browser, 'Mia', viewport),
      member(browser, 'Rex', viewport),
    ]);
    try {
      const title = uniqueTitle('Sunset kayak');
      const auctionId = await createAuctionViaApi(host.context.request, { title, startingBid: '20' });
      await openAuction(mia.page, auctionId, title);
      await openAuction(rex.page, auctionId, title);

      // Mia sets a maximum of $100: her visible bid starts at the starting bid.
      const m = mia.page;
      await m.getByLabel('Your maximum bid ($)').fill('100');
      await m.getByRole('button', { name: 'Set Maximum' }).click();
      await expect(m.getByTestId('my-max')).toHaveText('Your maximum: $100');
      await expect(m.getByTestId('current-bid')).toHaveText('$20');
      await expect(rex.page.getByTestId('current-bid')).toHaveText('$20', { timeout: LIVE_TIMEOUT_MS });
      // Rex never sees Mia's maximum.
      await expect(rex.page.getByText('$100')).toHaveCount(0);

      // Rex bids $40 from his browser: Mia's automatic bid answers at once with $41.
      const r = rex.page;
      // On a phone the sticky bid bar repeats the button; either opens the same dialog.
      await r.getByRole('button', { name: 'Place Bid' }).first().click();
      const dialog = r.getByRole('dialog', { name: 'Place Your Bid' });
      await dialog.getByLabel('Your bid ($)').fill('40');
      await dialog.getByRole('button', { name: 'Place Bid' }).click();
      await expect(r.getByText("Someone's maximum bid is higher. Bid at least $42 to lead.").first()).toBeVisible();
      await expect(r.getByTestId('current-bid')).toHaveText('$41');
      await expect(m.getByTestId('current-bid')).toHaveText('$41', { timeout: LIVE_TIMEOUT_MS });

      // The history shows the automatic step, and Mia's own bids are highlighted on her page.
      const history = m.getByRole('list', { name: 'Bid history' });
      await expect(history.getByTestId('bid-history-row')).toHaveCount(3, { timeout: LIVE_TIMEOUT_MS });
      const newest = history.getByTestId('bid-history-row').first();
      await expect(newest).toContainText('automatic');
      await expect(newest).toContainText('$41');
      await expect(newest).toHaveAttribute('data-own', 'true');
      await expect(r.getByRole('list', { name: 'Bid history' }).locator('[data-own="true"]')).toHaveCount(1);
    } finally {
      await Promise.all([host.context.close(), mia.context.close(), rex.context.close()]);
    }
  });

  test(`watch and unwatch from a card, and the Watching page (${name})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const [host, wren] = await Promise.all([member(browser, 'Hal', viewport), member(browser, 'Wren', viewport)]);
    try {
      const title = uniqueTitle('Pottery class');
      // Ending soonest, so the card is on the first page of the home feed.
      await createAuctionViaApi(host.context.request, {
        title,
        endTime: new Date(Date.now() + 10 * 60_000).toISOString(),
      });
      const w = wren.page;
      await w.goto('/');
      const card = w.getByTestId('auction-card').filter({ hasText: title });
      await expect(card).toBeVisible();
      const heart = card.getByRole('button', { name: 'Watch this auction' });
      await heart.click();
      await expect(card.getByRole('button', { name: 'Stop watching this auction' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );

      // The user menu leads to the Watching page, where the auction is listed.
      await w.getByTestId('account-menu').click();
      await w.getByRole('menuitem', { name: 'Watching' }).click();
      await expect(w.getByRole('heading', { level: 1, name: 'Watching' })).toBeVisible();
      const watched = w.getByTestId('auction-card').filter({ hasText: title });
      await expect(watched).toBeVisible();

      // Unwatching from the card there takes it off the list.
      await watched.getByRole('button', { name: 'Stop watching this auction' }).click();
      await expect(w.getByText('You are not watching any auctions yet.', { exact: false })).toBeVisible();
    } finally {
      await Promise.all([host.context.close(), wren.context.close()]);
    }
  });
}
