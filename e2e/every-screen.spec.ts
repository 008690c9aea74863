import { RAISE_YOUR_MAXIMUM } from '@bid/contract';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { addSandboxCard, signUpMember, type TestMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';
import { screenedRandom } from './support/unique';

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
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
  });
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

/** Answers the calm "Get alerts on this device?" offer, as a member would once, so it leaves the page. */
async function dismissPushPrompt(page: Page) {
  const prompt = page.getByRole('region', { name: 'Get alerts on this device?' });
  if (await prompt.isVisible()) await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toHaveCount(0);
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
        await expect(payment.getByTestId('winner-payment-deadline')).toContainText('Pay $45.00 by ');
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
          // The leader's button raises their maximum (docs/auctions.md).
          await expectInFirstScreen(page, bar.getByRole('button', { name: RAISE_YOUR_MAXIMUM }), 'Place Bid');
        } else {
          const panel = page.getByTestId('bid-panel');
          await expectInFirstScreen(page, panel.getByTestId('current-bid'), 'the price');
          await expectInFirstScreen(page, panel.getByText('Time left', { exact: true }), 'the time left');
          await expectInFirstScreen(page, panel.getByTestId('viewer-standing'), 'where the viewer stands');
          await expectInFirstScreen(page, panel.getByRole('button', { name: RAISE_YOUR_MAXIMUM }), 'Place Bid');
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
        // The leader's "Raise your maximum" stands where "Place Bid" does (docs/auctions.md).
        const placeBid = page.getByTestId('bid-panel').getByRole('button', { name: RAISE_YOUR_MAXIMUM }).first();
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

    test('4. one header on public pages, and the loading page keeps it', async ({ browser }) => {
      const host = await memberAt(browser, size, 'Hostd');
      const visitor = await browser.newContext({
        viewport: size.viewport,
        isMobile: size.isMobile,
        hasTouch: size.isMobile,
      });
      try {
        const id = await createAuctionViaApi(host.context.request, { title: uniqueTitle('Museum morning') });
        const page = await visitor.newPage();
        for (const path of [`/auction/${id}`, '/about', '/faqs', '/browse', '/']) {
          await page.goto(path);
          const header = page.getByRole('banner');
          await expect(header, path).toHaveCount(1);
          await expectInFirstScreen(page, header.getByRole('link', { name: 'BidYourDate home' }), `${path}: the logo`);
          const nav = header.getByRole('navigation', { name: 'Site' });
          await expectInFirstScreen(page, nav.getByRole('link', { name: /Browse/ }), `${path}: Browse`);
          await expectInFirstScreen(page, nav.getByRole('link', { name: 'About' }), `${path}: About`);
          await expectInFirstScreen(page, nav.getByRole('link', { name: 'Sign In' }), `${path}: Sign In`);
        }
        // While the auction loads: the header and the page's shape, no bare spinner.
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(`**/api/auctions/${id}`, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`/auction/${id}`);
        await expect(page.getByRole('status', { name: 'Loading auction' })).toBeVisible();
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.locator('.animate-spin')).toHaveCount(0);
        release();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      } finally {
        await Promise.all([host.context.close(), visitor.close()]);
      }
    });

    test('5. onboarding asks for name, age and location first', async ({ browser }) => {
      const context = await browser.newContext({
        viewport: size.viewport,
        isMobile: size.isMobile,
        hasTouch: size.isMobile,
      });
      try {
        // A brand-new account: no profile yet.
        const email = `e2e-new-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
        const sent = await context.request.post('/api/auth/send-otp', { data: { email } });
        const { devOtp } = (await sent.json()) as { devOtp: string };
        const verified = await context.request.post('/api/auth/verify-otp', { data: { email, otp: devOtp } });
        const { verificationToken } = (await verified.json()) as { verificationToken: string };
        const done = await context.request.post('/api/auth/complete-email-auth', {
          data: { verificationToken, password: 'correct-horse-battery-42', isSignup: true },
        });
        expect(done.ok()).toBe(true);
        const page = await context.newPage();
        await page.goto('/');
        await expect(page).toHaveURL(/\/welcome$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('About you');
        const form = page.getByRole('form', { name: 'Edit profile' });
        await expectInFirstScreen(page, form.getByLabel('First name'), 'the first name');
        await form.getByLabel('First name').fill('Nia');
        await form.getByLabel('Last name').fill('Newton');
        await form.getByLabel('Age').fill('31');
        await form.getByRole('group', { name: 'Gender' }).getByLabel('Female', { exact: true }).check();
        await form.getByLabel('Location').fill('Austin');
        await form.getByLabel('Country').fill('USA');
        await form.getByLabel('Zip code').fill('78701');
        await form.getByRole('group', { name: 'Open to dates with' }).getByLabel('Male', { exact: true }).check();
        await form.getByRole('button', { name: 'Save and continue' }).click();
        // Then the photo, the card and notifications.
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a photo');
        await expect(page.getByTestId('onboarding-progress')).toHaveText('Step 1 of 3');
        const me = (await (await context.request.get('/api/auth/user')).json()) as { firstName: string; age: number };
        expect(me).toMatchObject({ firstName: 'Nia', age: 31 });
      } finally {
        await context.close();
      }
    });

    test('6. messages: on a phone the list, then the chat at full height, the plan card whole, no footer', async ({
      browser,
    }) => {
      const host = await memberAt(browser, size, 'Hoste');
      const winner = await memberAt(browser, size, 'Wine');
      try {
        const id = await createAuctionViaApi(host.context.request, {
          title: uniqueTitle('Tea tasting'),
          buyNowPrice: '40',
        });
        expect((await winner.context.request.post(`/api/auctions/${id}/buy-now`, { data: {} })).status()).toBe(200);
        const participants = [host.member.id, winner.member.id].sort().join('-');
        const sent = await winner.context.request.post('/api/messages', {
          data: { conversationId: `${id}-${participants}`, receiverId: host.member.id, content: 'See you soon!' },
        });
        expect(sent.status()).toBe(201);

        const page = winner.page;
        await page.goto('/messages');
        await expect(page.getByTestId('conversation-item').first()).toBeVisible();
        await dismissPushPrompt(page);
        const list = page.getByRole('complementary', { name: 'Conversations' });
        await expect(list).toBeVisible();
        await page.getByTestId('conversation-item').first().click();
        const chat = page.getByRole('region', { name: /^Chat with / });
        await expect(chat).toBeVisible();
        const box = (await chat.boundingBox())!;
        if (size.isMobile) {
          // One screen at a time, the chat from under the header to the bottom of the screen.
          await expect(list).toBeHidden();
          expect(box.y + box.height).toBeGreaterThanOrEqual(size.viewport.height - 2);
          expect(box.height).toBeGreaterThanOrEqual(size.viewport.height - 64 - 2);
          await expect(page.getByTestId('site-footer')).toBeHidden();
          await page.getByRole('button', { name: 'Back to conversations' }).click();
          await expect(list).toBeVisible();
          await page.getByTestId('conversation-item').first().click();
        } else {
          await expect(list).toBeVisible();
        }
        // The plan card is whole: as wide as its scroller, never wider, and it can be read to its end.
        const plan = page.getByTestId('plan-card');
        await expect(plan).toBeVisible();
        const [planBox, scrollBox] = await Promise.all([
          plan.boundingBox(),
          page.getByTestId('chat-scroll').boundingBox(),
        ]);
        expect(planBox!.x).toBeGreaterThanOrEqual(scrollBox!.x - 1);
        expect(planBox!.x + planBox!.width).toBeLessThanOrEqual(scrollBox!.x + scrollBox!.width + 1);
        await expect(page.getByLabel('Type a message')).toBeInViewport({ ratio: 1 });
      } finally {
        await Promise.all([host.context.close(), winner.context.close()]);
      }
    });

    test('7. one search: the header finds what browse finds, names as cards do', async ({ browser }) => {
      const token = `zq${screenedRandom(6, ['listing', 'profile'], (run) => `zq${run}`)}`;
      const host = await memberAt(browser, size, 'Grace');
      const viewer = await memberAt(browser, size, 'Seeker');
      const visitor = await browser.newContext({
        viewport: size.viewport,
        isMobile: size.isMobile,
        hasTouch: size.isMobile,
      });
      try {
        const title = uniqueTitle('Afternoon coffee');
        // The term is only in the description.
        const id = await createAuctionViaApi(host.context.request, {
          title,
          description: `We will try the ${token} blend at the corner café.`,
        });
        // Browse finds it by the description.
        const browse = await visitor.newPage();
        await browse.goto(`/browse?q=${token}`);
        await expect(browse.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();

        const page = viewer.page;
        await page.goto('/');
        if (size.isMobile) await page.getByTestId('open-search').click();
        await page.getByLabel('Search users and auctions').fill(token);
        const dropdown = page.getByTestId('search-dropdown');
        await expect(dropdown.getByTestId('search-auction-result')).toContainText(title);
        // People as cards name them: first name and last initial.
        await page.getByLabel('Search users and auctions').fill('Grace');
        await expect(dropdown.getByTestId('search-user-result').first()).toContainText('Grace T.');
        await expect(dropdown.getByText('Grace Tester')).toHaveCount(0);
        await page.goto(`/search?q=${token}`);
        await expect(page.getByTestId('search-auction-card')).toContainText(title);
        await expect(page.getByTestId('search-auction-card')).toContainText('by Grace T.');
        expect(id).toBeTruthy();
      } finally {
        await Promise.all([host.context.close(), viewer.context.close(), visitor.close()]);
      }
    });

    test('8. the smaller things: scroll to top, browse errors with Retry, My Bids, the first card, the footer', async ({
      browser,
    }) => {
      const host = await memberAt(browser, size, 'Hostf');
      const bidder = await memberAt(browser, size, 'Bidf');
      const visitor = await browser.newContext({
        viewport: size.viewport,
        isMobile: size.isMobile,
        hasTouch: size.isMobile,
      });
      try {
        const open = await createAuctionViaApi(host.context.request, {
          title: uniqueTitle('Board games'),
          buyNowPrice: '90',
        });
        const won = await createAuctionViaApi(host.context.request, {
          title: uniqueTitle('Bowling night'),
          buyNowPrice: '50',
        });
        expect((await bidder.context.request.post('/api/bids', { data: { auctionId: open, amount: '25' } })).ok()).toBe(
          true,
        );
        expect((await bidder.context.request.post(`/api/auctions/${won}/buy-now`, { data: {} })).status()).toBe(200);

        // Browse: the first card high on the first screen; a failed read says so, with Retry, and no count.
        const page = await visitor.newPage();
        await page.goto('/browse');
        const firstCard = page.getByRole('list', { name: 'Auctions' }).getByRole('listitem').first();
        await expect(firstCard).toBeVisible();
        const cardTop = (await firstCard.boundingBox())!.y;
        expect(cardTop, 'the first card starts in the upper part of the screen').toBeLessThan(
          size.viewport.height * 0.6,
        );

        // A new page opens at its top; Back returns to where the list was.
        await page.evaluate(() => window.scrollTo(0, 400));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
        await page.getByRole('banner').getByRole('link', { name: 'About', exact: true }).click();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        await page.goBack();
        await expect(firstCard).toBeVisible();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

        const browseList = (url: URL) => url.pathname === '/api/auctions';
        await page.route(browseList, (route) => route.fulfill({ status: 500, body: '{"message":"down"}' }));
        await page.goto('/browse');
        await expect(page.getByRole('alert')).toHaveText('Auctions could not be loaded. Please try again.');
        await expect(page.getByText(/^0 auctions$/)).toHaveCount(0);
        await page.unroute(browseList);
        await page.getByRole('button', { name: 'Retry' }).click();
        await expect(firstCard).toBeVisible();

        // The footer's years run to this one.
        const year = new Date().getFullYear();
        await expect(page.getByTestId('site-footer')).toContainText(
          `© ${year > 2025 ? `2025–${year}` : '2025'} BidYourDate.`,
        );

        // My Bids: the picture, the time left, and the next step of a won date.
        const mine = bidder.page;
        await mine.goto('/profile?tab=bids');
        const rows = mine.getByTestId('my-bid');
        await expect(rows).toHaveCount(2);
        const openRow = rows.filter({ hasText: 'Board games' });
        await expect(openRow.getByTestId('row-picture')).toBeVisible();
        await expect(openRow.getByTestId('my-bid-time-left')).toContainText('left');
        const wonRow = rows.filter({ hasText: 'Bowling night' });
        await wonRow.getByRole('link', { name: 'Your date' }).click();
        await expect(mine).toHaveURL(new RegExp(`/auction/${won}$`));
        await expect.poll(() => mine.evaluate(() => window.scrollY)).toBe(0);
      } finally {
        await Promise.all([host.context.close(), bidder.context.close(), visitor.close()]);
      }
    });

    test('8. "I\'ve arrived" shows when it opens, as Start Date Mode does', async ({ browser }) => {
      const host = await memberAt(browser, size, 'Hostg');
      const winner = await memberAt(browser, size, 'Wing');
      try {
        const id = await createAuctionViaApi(host.context.request, {
          title: uniqueTitle('Climbing wall'),
          buyNowPrice: '60',
        });
        expect((await winner.context.request.post(`/api/auctions/${id}/buy-now`, { data: {} })).status()).toBe(200);
        // A plan an hour ahead: Date Mode is open (two hours before), arrivals are not (15 minutes before).
        const startsAt = new Date(Date.now() + 60 * 60_000).toISOString();
        const proposed = await winner.context.request.post(`/api/auctions/${id}/plan`, {
          data: { place: 'The climbing gym on 5th', startsAt },
        });
        expect(proposed.status(), await proposed.text()).toBe(200);
        expect((await host.context.request.post(`/api/auctions/${id}/plan/accept`)).status()).toBe(200);
        expect((await winner.context.request.post(`/api/auctions/${id}/date-mode/start`)).status()).toBe(200);

        const page = winner.page;
        await page.goto(`/auctions/${id}/date`);
        await expect(page.getByTestId('arrival-opens')).toContainText('You can check in from ');
        await expect(page.getByRole('button', { name: "I've arrived" })).toHaveCount(0);
      } finally {
        await Promise.all([host.context.close(), winner.context.close()]);
      }
    });
  });
}
