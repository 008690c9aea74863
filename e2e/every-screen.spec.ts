import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { addSandboxCard, signUpMember, type TestMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// Issue 38, "Every screen as good as the best": one journey per point, at 1440x900 and 390x844.
// Where a point is about layout, it is checked by bounding boxes: what must be in the first
// screen is inside the viewport before any scroll, and what must not overlap does not.

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
type Size = (typeof SIZES)[number];

/** A sandbox card that saves but declines every charge (docs/payments.md, the sandbox's cards). */
const DECLINING_CARD = '4000000000000341';

async function memberAt(browser: Browser, size: Size, firstName: string, options: { card?: string } = {}) {
  const context = await browser.newContext({ viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.isMobile });
  const member: TestMember = await signUpMember(context.request, firstName, 'Tester', { withCard: !options.card });
  if (options.card) await addSandboxCard(context.request, options.card);
  const page = await context.newPage();
  return { member, context, page };
}

/** The element lies wholly inside the viewport as the page stands (no scrolling). */
async function expectInFirstScreen(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, `${what} is rendered`).not.toBeNull();
  expect(box!.y, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} ends within the first screen (${viewport.height}px)`).toBeLessThanOrEqual(
    viewport.height,
  );
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}x${size.viewport.height}`, () => {
    test('1. a won but unpaid auction tells the winner what happens and lets them pay; it says what it sold for', async ({
      browser,
    }) => {
      const host = await memberAt(browser, size, 'Hosta');
      const winner = await memberAt(browser, size, 'Wyn', { card: DECLINING_CARD });
      try {
        const title = uniqueTitle('Coffee and a record shop');
        const id = await createAuctionViaApi(host.context.request, { title, startingBid: '20', buyNowPrice: '45' });
        const bought = await winner.context.request.post(`/api/auctions/${id}/buy-now`, { data: {} });
        expect(bought.status(), await bought.text()).toBe(200);

        const page = winner.page;
        await page.goto(`/auction/${id}`);
        const payment = page.getByTestId('winner-payment');
        await expect(payment).toBeVisible();
        await expect(payment).toHaveAttribute('data-status', 'failed');
        await expect(payment.getByTestId('winner-payment-failure')).toHaveText('Your card was declined.');
        await expect(payment.getByTestId('winner-payment-deadline')).toContainText(
          'Pay $45.00 by ',
        );
        await expect(payment.getByTestId('winner-payment-deadline')).toContainText(
          'to keep your date; after that it is offered to the next bidder.',
        );
        // Until it is paid there is no way into a plan that would only answer "not paid".
        await expect(page.getByRole('button', { name: 'Plan your date' })).toHaveCount(0);
        // The ended auction says what it sold for, not a current bid, a time left or a Buy Now price.
        const outcome = size.isMobile ? page.getByTestId('sticky-outcome') : page.getByTestId('auction-outcome');
        await expect(outcome).toHaveText('Sold for $45');
        await expect(page.getByText('Time left')).toHaveCount(0);
        await expect(page.getByText('Buy now price')).toHaveCount(0);
        await expect(page.getByTestId('current-bid')).toHaveCount(0);

        // Paying with the declining card fails again and says so; with a good card it goes through.
        await payment.getByRole('button', { name: 'Pay now with Visa •••• 0341' }).click();
        await expect(page.getByTestId('toast')).toContainText('The payment did not go through.');
        await addSandboxCard(winner.context.request);
        await page.reload();
        await page.getByTestId('winner-payment').getByRole('button', { name: 'Pay now with Visa •••• 4242' }).click();
        await expect(page.getByTestId('toast')).toContainText('Payment received');
        await expect(page.getByTestId('winner-payment')).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Plan your date' })).toBeVisible();
        await expect(page.getByTestId('your-date-card')).toBeVisible();
      } finally {
        await Promise.all([host.context.close(), winner.context.close()]);
      }
    });

    test('2. the auction page leads with title, host, price, time left, standing and Place Bid; one bid history; report and block in a menu', async ({
      browser,
    }) => {
      const host = await memberAt(browser, size, 'Hostb');
      const bidder = await memberAt(browser, size, 'Bidda');
      try {
        const title = uniqueTitle('Sunset picnic by the river');
        const id = await createAuctionViaApi(host.context.request, { title, startingBid: '30', buyNowPrice: '150' });
        const bid = await bidder.context.request.post('/api/bids', { data: { auctionId: id, amount: '35' } });
        expect(bid.ok()).toBe(true);

        const page = bidder.page;
        await page.goto(`/auction/${id}`);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByTestId('bid-history-row')).toHaveCount(1);
        await expectInFirstScreen(page, page.getByRole('heading', { level: 1 }), 'the title');
        await expectInFirstScreen(page, page.getByTestId('creator-name'), 'the host');
        if (size.isMobile) {
          const bar = page.getByTestId('sticky-bid-bar');
          await expectInFirstScreen(page, bar.getByTestId('sticky-current-bid'), 'the price');
          await expectInFirstScreen(page, bar.getByText(/Time left/), 'the time left');
          await expectInFirstScreen(page, bar.getByTestId('sticky-status'), 'where the viewer stands');
          await expect(bar.getByTestId('sticky-status')).toHaveText("You're winning");
          await expectInFirstScreen(page, bar.getByRole('button', { name: 'Place Bid' }), 'Place Bid');
        } else {
          const panel = page.getByTestId('bid-panel');
          await expectInFirstScreen(page, panel.getByTestId('current-bid'), 'the price');
          await expectInFirstScreen(page, panel.getByText('Time left', { exact: true }), 'the time left');
          await expectInFirstScreen(page, panel.getByTestId('viewer-standing'), 'where the viewer stands');
          await expectInFirstScreen(page, panel.getByRole('button', { name: 'Place Bid' }), 'Place Bid');
        }
        // The photo is sized to the screen: at most half its height.
        const cover = await page.getByTestId('auction-cover').boundingBox();
        expect(cover!.height).toBeLessThanOrEqual(size.viewport.height / 2);

        // One list of the bids.
        await expect(page.getByRole('heading', { name: 'Recent Bids' })).toHaveCount(1);
        await expect(page.getByText('Bid History', { exact: true })).toHaveCount(0);
        await expect(page.getByRole('list', { name: /bid/i })).toHaveCount(1);

        // Report and Block live in one menu, not above the title.
        await expect(page.getByRole('button', { name: 'Report auction' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Block', exact: true })).toHaveCount(0);
        await page.getByRole('button', { name: 'More actions' }).click();
        await expect(page.getByRole('menuitem', { name: 'Report auction' })).toBeVisible();
        await page.getByRole('menuitem', { name: 'Block Hostb T.' }).click();
        await expect(page.getByRole('dialog', { name: 'Block Hostb T.?' })).toBeVisible();
      } finally {
        await Promise.all([host.context.close(), bidder.context.close()]);
      }
    });

    test('3. the bid panel never overlaps automatic bidding, at any scroll position', async ({ browser }) => {
      const host = await memberAt(browser, size, 'Hostc');
      const bidder = await memberAt(browser, size, 'Bidc');
      try {
        const title = uniqueTitle('Dinner downtown');
        const id = await createAuctionViaApi(host.context.request, {
          title,
          dateType: 'dinner',
          startingBid: '40',
          buyNowPrice: '200',
        });
        expect((await bidder.context.request.post('/api/bids', { data: { auctionId: id, amount: '45' } })).ok()).toBe(
          true,
        );
        const page = bidder.page;
        await page.goto(`/auction/${id}`);
        await expect(page.getByRole('heading', { level: 2, name: 'Automatic bidding' })).toBeVisible();
        // The panel's own button (on a phone the bar fixed to the bottom has another).
        const placeBid = page.getByTestId('bid-panel').getByRole('button', { name: 'Place Bid' }).first();
        const maxForm = page.getByRole('form', { name: 'Set a maximum bid' });
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y <= height; y += 150) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          const [bidBox, maxBox] = await Promise.all([placeBid.boundingBox(), maxForm.boundingBox()]);
          if (bidBox && maxBox) expect(overlaps(bidBox, maxBox), `overlap at scroll ${y}`).toBe(false);
        }
        // The maximum form can be reached and used; a raise is suggested above the maximum, never below.
        const field = maxForm.getByRole('spinbutton');
        await field.fill('120');
        await maxForm.getByRole('button').click();
        await expect(page.getByTestId('toast')).toContainText('Maximum bid set');
        await expect(page.getByTestId('my-max')).toHaveText('Your maximum: $120');
        await expect(field).toHaveAttribute('placeholder', '121');
      } finally {
        await Promise.all([host.context.close(), bidder.context.close()]);
      }
    });
  });
}
