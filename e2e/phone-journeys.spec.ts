import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signUpMember, type TestMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// docs/web-app.md: the phone journeys at 390x844 — the sticky bid bar, live pages, where you
// stand, filters in the address and landing on a new auction with its share link.

/** Well under the 30 s poll: only the WebSocket makes a change appear this fast. */
const LIVE_TIMEOUT_MS = 8_000;

interface Member {
  member: TestMember;
  context: BrowserContext;
  page: Page;
}

async function phoneMember(browser: Browser, firstName: string): Promise<Member> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const member = await signUpMember(context.request, firstName, 'Phone');
  return { member, context, page: await context.newPage() };
}

/** Opens the auction page and waits until its live channel is subscribed. */
async function openLive(page: Page, auctionId: string, title: string) {
  const sent: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (frame) => sent.push(String(frame.payload))));
  await page.goto(`/auction/${auctionId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => sent.some((payload) => payload.includes(auctionId))).toBe(true);
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload);

test('host page, bidders and My Bids follow the auction live; each bidder sees where they stand', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [host, ann, ben] = await Promise.all([
    phoneMember(browser, 'Hedda'),
    phoneMember(browser, 'Ann'),
    phoneMember(browser, 'Ben'),
  ]);
  try {
    const title = uniqueTitle('Pottery class');
    const auctionId = await createAuctionViaApi(host.context.request, { title, startingBid: '20', buyNowPrice: '90' });
    await Promise.all([openLive(host.page, auctionId, title), openLive(ann.page, auctionId, title)]);
    await expect(host.page.getByText('No bids yet. Be the first to bid!')).toBeVisible();

    // The sticky bar stays on screen however far the page scrolls, and its Place Bid bids.
    const a = ann.page;
    const bar = a.getByTestId('sticky-bid-bar');
    await a.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(bar).toBeInViewport({ ratio: 1 });
    await expect(bar.getByTestId('sticky-current-bid')).toHaveText('$20');
    await expect(bar).toContainText(/\d+h \d+m/);
    await bar.getByRole('button', { name: 'Place Bid' }).click();
    const dialog = a.getByRole('dialog', { name: 'Place Your Bid' });
    await dialog.getByLabel('Your bid ($)').fill('25');
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await expect(dialog).toBeHidden();
    await expect(a.getByTestId('viewer-standing')).toHaveText("You're winning");

    // The host's page: the bid list and the bidder count follow without a reload.
    const h = host.page;
    await expect(h.getByTestId('bid-count')).toHaveText('1 bid', { timeout: LIVE_TIMEOUT_MS });
    await expect(h.getByText('No bids yet. Be the first to bid!')).toHaveCount(0, { timeout: LIVE_TIMEOUT_MS });
    await expect(h.getByText('$25').first()).toBeVisible();

    // Ben, in a second browser, outbids Ann: her page says so and a toast arrives live.
    await ann.page.goto('/profile?tab=bids');
    await expect(a.getByTestId('my-bid')).toHaveCount(1);
    await expect(a.getByTestId('my-bid').getByText('Leading', { exact: true })).toBeVisible();
    await a.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    expect((await ben.context.request.post('/api/bids', { data: { auctionId, amount: '30' } })).status()).toBe(201);
    await expect(a.getByTestId('toast').filter({ hasText: "You've been outbid" })).toBeVisible({
      timeout: LIVE_TIMEOUT_MS,
    });
    // My Bids: one row for the auction, now outbid, without a reload.
    await expect(a.getByTestId('my-bid').getByText('Outbid', { exact: true })).toBeVisible({
      timeout: LIVE_TIMEOUT_MS,
    });
    await expect(a.getByTestId('my-bid')).toHaveCount(1);
    expect(await stillSamePage(a)).toBe(true);

    await expect(h.getByTestId('bid-count')).toHaveText('2 bids', { timeout: LIVE_TIMEOUT_MS });
    await expect(h.getByRole('definition').filter({ hasText: /^2$/ })).toBeVisible({ timeout: LIVE_TIMEOUT_MS });

    await openLive(a, auctionId, title);
    await expect(a.getByTestId('viewer-standing')).toHaveText("You've been outbid — bid $31");

    // Ann buys it: the host's page names the winner, ends the countdown and offers the chat.
    expect((await ann.context.request.post(`/api/auctions/${auctionId}/buy-now`, { data: {} })).status()).toBe(200);
    await expect(h.getByTestId('auction-winner')).toHaveText('Won by Ann', { timeout: LIVE_TIMEOUT_MS });
    await expect(h.getByTestId('sticky-bid-bar')).toContainText('Sold for $90');
    await expect(h.getByRole('button', { name: 'Message Ann' })).toBeVisible();
    await expect(h.getByText('$90').first()).toBeVisible();
    expect(await stillSamePage(h)).toBe(true);

    // The winner's page: "You won — plan your date" opens the chat with the plan panel.
    await expect(a.getByTestId('viewer-standing')).toHaveText('You won — plan your date', {
      timeout: LIVE_TIMEOUT_MS,
    });
    await a.getByRole('button', { name: 'Plan your date' }).click();
    const chat = a.getByTestId('auction-chat');
    await expect(chat).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Send message' })).toBeInViewport({ ratio: 1 });
    await a.keyboard.press('Escape');

    // The one who lost.
    await ben.page.goto(`/auction/${auctionId}`);
    await expect(ben.page.getByTestId('viewer-standing')).toHaveText("Ended — you didn't win");
  } finally {
    await Promise.all([host.context.close(), ann.context.close(), ben.context.close()]);
  }
});

test('browse filters live in the address: results first, a Filters (n) sheet, kept on reload', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    const page = await context.newPage();
    await page.goto('/browse');
    // Results come first: the filter card waits behind the button.
    await expect(page.getByLabel('Date type')).toBeHidden();
    await page.getByRole('button', { name: 'Filters (0)' }).click();
    const sheet = page.getByTestId('filters-sheet');
    await sheet.getByLabel('Date type').selectOption('dinner');
    await sheet.getByLabel('Sort by').selectOption('newest');
    await sheet.getByLabel('Price range').selectOption('25-50');
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await expect(page).toHaveURL(/[?&]dateType=dinner/);
    await expect(page).toHaveURL(/[?&]sortBy=newest/);
    await expect(page).toHaveURL(/[?&]priceRange=25-50/);
    await expect(page.getByRole('button', { name: 'Filters (3)' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Filters (3)' })).toBeVisible();
    await page.getByRole('button', { name: 'Filters (3)' }).click();
    await expect(page.getByTestId('filters-sheet').getByLabel('Date type')).toHaveValue('dinner');
    await expect(page.getByTestId('filters-sheet').getByLabel('Sort by')).toHaveValue('newest');
  } finally {
    await context.close();
  }
});

test('the home feed keeps its filters in the address under the API names', async ({ browser }) => {
  const member = await phoneMember(browser, 'Fern');
  try {
    const { page } = member;
    await page.goto('/?dateType=coffee&location=50&sortBy=newest&priceRange=bogus');
    await page.getByRole('button', { name: 'Filters (3)' }).click();
    const sheet = page.getByTestId('filters-sheet');
    await expect(sheet.getByLabel('Date type')).toHaveValue('coffee');
    await expect(sheet.getByLabel('Location')).toHaveValue('50');
    await expect(sheet.getByLabel('Price range')).toHaveValue('any');
    const feedRequest = page.waitForRequest(
      (req) => req.url().includes('/api/auctions?') && req.url().includes('under-50'),
    );
    await sheet.getByLabel('Price range').selectOption('under-50');
    const url = new URL((await feedRequest).url());
    expect(url.searchParams.get('dateType')).toBe('coffee');
    expect(url.searchParams.get('sortBy')).toBe('newest');
    await expect(page).toHaveURL(/[?&]priceRange=under-50/);
  } finally {
    await member.context.close();
  }
});

test('after creating an auction the host lands on it and can copy its link', async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await phoneMember(browser, 'Cass');
  try {
    const { page, context } = host;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // No Web Share API here, so the link is copied.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await page.goto('/create-auction');
    const title = uniqueTitle('Sunday market stroll');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('A slow stroll through the Sunday market with a coffee.');
    await page.getByRole('radiogroup', { name: 'Date type' }).getByRole('radio', { name: 'Coffee' }).check();
    await page.getByLabel('Location').fill('Austin, TX');
    await page.getByLabel('Starting bid ($)').fill('20');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page
      .getByLabel('End date')
      .fill(`${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`);
    await page.getByRole('button', { name: 'Create Auction' }).click();
    await expect(page).toHaveURL(/\/auction\/[0-9a-f-]+\?created=1$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const share = page.getByTestId('share-auction');
    await expect(share).toContainText('Your auction is live');
    await share.getByRole('button', { name: 'Share link' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`/auction/${id}`, page.url()).href);
  } finally {
    await host.context.close();
  }
});
