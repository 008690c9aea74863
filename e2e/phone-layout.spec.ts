import { RAISE_YOUR_MAXIMUM } from '@bid/contract';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signUpMember, type TestMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// docs/web-app.md "Phone layout": no page, menu or dialog is wider than a phone, from 320 to
// 430 px. Every route is walked signed out and signed in, with data (an open auction with a bid,
// a won auction with its conversation), at 360 and 390 px, and the menus and dialogs are opened.

const PHONE_WIDTHS = [360, 390] as const;

interface Member {
  member: TestMember;
  context: BrowserContext;
  page: Page;
}

async function phoneMember(browser: Browser, width: number, firstName: string): Promise<Member> {
  const context = await browser.newContext({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });
  const member = await signUpMember(context.request, firstName, 'Phone');
  return { member, context, page: await context.newPage() };
}

/**
 * Fails when the page scrolls sideways: the document is wider than the phone's screen. The screen
 * width is the one the context was given, not `innerWidth`: on a mobile viewport Chromium widens
 * the layout viewport to fit content that is too wide, so `innerWidth` grows with the overflow and
 * `scrollWidth > innerWidth` would never fail (docs/web-app.md "Phone layout").
 */
async function expectNoHorizontalOverflow(page: Page, where: string) {
  const screenWidth = page.viewportSize()!.width;
  const sizes = await page.evaluate(
    (screen) => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      // The widest offenders, to say what overflows when it fails.
      offenders: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > screen + 0.5)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 80)}`),
    }),
    screenWidth,
  );
  const message = `${where}: ${sizes.scrollWidth} px wide on a ${screenWidth} px screen (${sizes.offenders.join(' | ')})`;
  expect(sizes.innerWidth, message).toBe(screenWidth);
  expect(sizes.scrollWidth, message).toBeLessThanOrEqual(screenWidth);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Whatever the page shows once loaded: no loading spinner left.
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
  await expectNoHorizontalOverflow(page, path);
}

for (const width of PHONE_WIDTHS) {
  test(`every page, menu and dialog fits a ${width} px phone`, async ({ browser }) => {
    test.setTimeout(360_000);
    const [host, bidder] = await Promise.all([
      phoneMember(browser, width, 'Hollis'),
      phoneMember(browser, width, 'Bea'),
    ]);
    const visitorContext = await browser.newContext({ viewport: { width, height: 844 }, isMobile: true });
    try {
      const openTitle = uniqueTitle('A very long title for a riverside coffee and a slow walk past the old mills');
      const openId = await createAuctionViaApi(host.context.request, { title: openTitle, buyNowPrice: '300' });
      const wonId = await createAuctionViaApi(host.context.request, {
        title: uniqueTitle('Board games'),
        buyNowPrice: '40',
      });
      expect((await bidder.context.request.post('/api/bids', { data: { auctionId: openId, amount: '25' } })).ok()).toBe(
        true,
      );
      expect((await bidder.context.request.post(`/api/auctions/${wonId}/buy-now`, { data: {} })).ok()).toBe(true);

      // Signed out.
      const visitor = await visitorContext.newPage();
      for (const path of ['/', '/browse', '/login', '/about', '/privacy', '/terms', '/faqs', `/auction/${openId}`]) {
        await visit(visitor, path);
      }
      await visit(visitor, '/browse');
      await visitor.getByTestId('open-filters').click();
      await expect(visitor.getByTestId('filters-sheet')).toBeVisible();
      await expectNoHorizontalOverflow(visitor, 'browse filters sheet');

      // Signed in, the bidder.
      const b = bidder.page;
      for (const path of [
        '/',
        '/profile',
        '/profile?tab=bids',
        '/profile?tab=payments',
        '/create-auction',
        '/messages',
        '/search?q=Board',
        `/auction/${openId}`,
        `/auction/${wonId}`,
        `/auctions/${wonId}/date`,
        `/users/${host.member.id}`,
        '/no-such-page',
      ]) {
        await visit(b, path);
      }

      // The header's menus and the search sheet.
      await visit(b, '/');
      await b.getByTestId('account-menu').click();
      await expect(b.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
      await expectNoHorizontalOverflow(b, 'account menu');
      await expect(b.getByRole('menuitem', { name: 'Profile' })).toBeInViewport({ ratio: 1 });
      await b.keyboard.press('Escape');
      await b.getByTestId('notification-bell').click();
      await expect(b.getByRole('menu')).toBeVisible();
      await expectNoHorizontalOverflow(b, 'notifications dropdown');
      await expect(b.getByRole('menu')).toBeInViewport({ ratio: 1 });
      await b.keyboard.press('Escape');
      await b.getByTestId('open-search').click();
      await b.getByRole('searchbox', { name: 'Search users and auctions' }).fill('Board');
      await expect(b.getByTestId('search-dropdown')).toBeVisible();
      await expectNoHorizontalOverflow(b, 'search sheet');
      await expect(b.getByRole('searchbox', { name: 'Search users and auctions' })).toBeInViewport({ ratio: 1 });
      await b.getByRole('button', { name: 'Close search' }).click();
      await b.getByTestId('open-filters').click();
      await expect(b.getByTestId('filters-sheet')).toBeVisible();
      await expectNoHorizontalOverflow(b, 'home filters sheet');
      await b.keyboard.press('Escape');

      // The bid dialog, and the winner's chat with its plan panel: box and Send on screen.
      await visit(b, `/auction/${openId}`);
      await b.getByTestId('sticky-bid-bar').getByRole('button', { name: RAISE_YOUR_MAXIMUM }).click();
      const bidDialog = b.getByRole('dialog', { name: RAISE_YOUR_MAXIMUM });
      await expect(bidDialog).toBeVisible();
      await expectNoHorizontalOverflow(b, 'bid dialog');
      await expect(bidDialog.getByRole('button', { name: RAISE_YOUR_MAXIMUM })).toBeInViewport({ ratio: 1 });
      await b.keyboard.press('Escape');
      await visit(b, `/auction/${wonId}`);
      await b.getByRole('button', { name: 'Plan your date' }).click();
      const chat = b.getByTestId('auction-chat');
      await expect(chat).toBeVisible();
      await expectNoHorizontalOverflow(b, 'chat dialog');
      await expect(chat.getByLabel('Type a message')).toBeInViewport({ ratio: 1 });
      await expect(chat.getByRole('button', { name: 'Send message' })).toBeInViewport({ ratio: 1 });
      await chat.getByLabel('Type a message').fill('Hello from my phone');
      await chat.getByRole('button', { name: 'Send message' }).click();
      await expect(chat.getByTestId('chat-message')).toContainText('Hello from my phone');
      await expectNoHorizontalOverflow(b, 'chat dialog with a message');
      await b.keyboard.press('Escape');

      // The messages page: the conversation's box and Send are on screen too.
      await visit(b, '/messages');
      await b.getByTestId('conversation-item').first().click();
      await expect(b.getByLabel('Type a message')).toBeInViewport({ ratio: 1 });
      // Not clipped by the card either (the in-viewport check counts clipping ancestors).
      await expect(b.getByRole('button', { name: 'Send message' })).toBeInViewport({ ratio: 1 });
      // On a phone the chat is its own screen; its way back to the list is on screen.
      await expect(b.getByRole('button', { name: 'Back to conversations' })).toBeInViewport({ ratio: 1 });
      await expectNoHorizontalOverflow(b, 'messages, a conversation open');
      await b.getByRole('button', { name: 'Back to conversations' }).click();
      await expect(b.getByRole('button', { name: 'New', exact: true })).toBeInViewport({ ratio: 1 });

      // The host: their auction page and the create form.
      await visit(host.page, `/auction/${wonId}`);
      await visit(host.page, '/create-auction');
    } finally {
      await Promise.all([host.context.close(), bidder.context.close(), visitorContext.close()]);
    }
  });
}
