import { RAISE_YOUR_MAXIMUM } from '@bid/contract';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { signUpMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// docs/web-app.md "Screens": phone screenshots (390x844) of the main screens in docs/screens/, for
// a human look. Not a check, so it only runs when asked: `npm run screens` (SCREENSHOTS=1).

test.skip(!process.env.SCREENSHOTS, 'Regenerates docs/screens/; run with `npm run screens`.');

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** A small PNG of the phone screen (palette, compressed), once the page has settled. */
async function shoot(page: Page, name: string) {
  await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0);
  // The images on screen are loaded (lazy ones further down never start), so none is half drawn.
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
      })
      .every((image) => image.complete),
  );
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  await sharp(png).png({ palette: true, quality: 60, compressionLevel: 9 }).toFile(`docs/screens/${name}.png`);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

test('phone screenshots of the main screens', async ({ browser }) => {
  test.setTimeout(600_000);
  const [visitorContext, bidderContext, hostContext] = await Promise.all([
    browser.newContext(PHONE),
    browser.newContext(PHONE),
    browser.newContext(PHONE),
  ]);
  try {
    const [host, bidder] = await Promise.all([
      signUpMember(hostContext.request, 'Maya', 'Lindqvist'),
      signUpMember(bidderContext.request, 'Jonas', 'Berg'),
    ]);
    const openId = await createAuctionViaApi(hostContext.request, {
      title: uniqueTitle('Sunset picnic by the river'),
      dateType: 'activity',
      startingBid: '30',
      buyNowPrice: '150',
    });
    const wonId = await createAuctionViaApi(hostContext.request, {
      title: uniqueTitle('Coffee and a record shop'),
      buyNowPrice: '45',
    });
    expect((await bidderContext.request.post('/api/bids', { data: { auctionId: openId, amount: '35' } })).ok()).toBe(
      true,
    );
    expect((await bidderContext.request.post(`/api/auctions/${wonId}/buy-now`, { data: {} })).ok()).toBe(true);
    const conversationId = `${wonId}-${[host.id, bidder.id].sort().join('-')}`;
    for (const [from, to, content] of [
      [bidderContext, host.id, 'Hi Maya! Looking forward to the coffee.'],
      [hostContext, bidder.id, 'Me too! Saturday morning?'],
    ] as const) {
      const sent = await from.request.post('/api/messages', { data: { conversationId, receiverId: to, content } });
      expect(sent.status(), await sent.text()).toBe(201);
    }

    // Signed out.
    const v = await visitorContext.newPage();
    await open(v, '/');
    await shoot(v, 'landing-phone');
    await open(v, '/browse');
    await shoot(v, 'browse-phone');
    await v.getByTestId('open-filters').click();
    await expect(v.getByTestId('filters-sheet')).toBeVisible();
    await shoot(v, 'browse-filters-phone');
    await open(v, '/login');
    await shoot(v, 'login-phone');

    // The bidder.
    const b = await bidderContext.newPage();
    await open(b, '/');
    await shoot(b, 'home-phone');
    await b.getByTestId('notification-bell').click();
    await expect(b.getByTestId('notification-item').first()).toBeVisible();
    await shoot(b, 'notifications-phone');
    await b.keyboard.press('Escape');
    await b.getByTestId('account-menu').click();
    await expect(b.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await shoot(b, 'account-menu-phone');
    await b.keyboard.press('Escape');
    await open(b, `/auction/${openId}`);
    await shoot(b, 'auction-phone');
    await b.getByTestId('sticky-bid-bar').getByRole('button', { name: RAISE_YOUR_MAXIMUM }).click();
    await expect(b.getByRole('dialog', { name: RAISE_YOUR_MAXIMUM })).toBeVisible();
    await shoot(b, 'place-bid-phone');
    await b.keyboard.press('Escape');
    await open(b, '/profile?tab=bids');
    await b.getByTestId('my-bid').first().scrollIntoViewIfNeeded();
    await shoot(b, 'my-bids-phone');
    await open(b, '/profile');
    await shoot(b, 'profile-phone');
    await open(b, '/messages');
    await b.getByTestId('conversation-item').first().click();
    await expect(b.getByTestId('chat-message')).toHaveCount(2);
    await shoot(b, 'messages-phone');
    await open(b, `/auctions/${wonId}/date`);
    await shoot(b, 'date-mode-phone');

    // The host.
    const h = await hostContext.newPage();
    await open(h, '/create-auction');
    await shoot(h, 'create-auction-phone');
    await open(h, '/profile?tab=auctions');
    await h.getByRole('tab', { name: 'My Auctions' }).scrollIntoViewIfNeeded();
    await shoot(h, 'my-auctions-phone');
  } finally {
    await Promise.all([visitorContext.close(), bidderContext.close(), hostContext.close()]);
  }
});
