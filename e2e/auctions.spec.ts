import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { newSignedInMember, type SignedInMember } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { createAuctionViaApi, localEndInBrowser, uniqueTitle } from './support/auctions';
import { moveClockPast, serverNow } from './support/clock';

// docs/product.md §2 (home, auction card, bid dialog, auction detail, create auction, public browse),
// §4 (auction states, live bids, creation success), §5 (bid and create rules), §8 (toasts).
// The web server runs with SOFT_CLOSE_SECONDS=0 (playwright.config.ts), so a late bid never
// moves the end time. The journey's auction ends on the server's test clock (docs/payments.md,
// "The test clock"), so these journeys run in the "test-clock" project.

const toast = (page: Page) => page.getByTestId('toast');
const cardFor = (page: Page, title: string): Locator =>
  page.getByTestId('auction-card').filter({ has: page.getByRole('link', { name: title, exact: true }) });

/** Seconds between creating the journey's auction and its end (by the server's time); the clock then passes it. */
const AUCTION_SECONDS = 3600;

test('create, bid, outbid, close: the winner may message, the outbid bidder may not', async ({ browser }) => {
  test.setTimeout(150_000);
  const [host, bidder, winner] = await Promise.all([
    newSignedInMember(browser, 'Hana', 'Host'),
    newSignedInMember(browser, 'Bram', 'Bidder'),
    newSignedInMember(browser, 'Cleo', 'Closer'),
  ]);
  try {
    const title = uniqueTitle('Tapas and a gallery walk');
    const { id: auctionId, endsAt } = await createThroughTheForm(host, title);
    const { page: a } = host;

    // The success toast (docs/web-app.md) and refreshed list; the host lands on the new auction with its
    // share link (docs/web-app.md "After creating an auction"), and it is listed at home.
    await expect(a).toHaveURL(new RegExp(`/auction/${auctionId}\\?created=1$`));
    await expect(a.getByTestId('share-auction')).toContainText('Your auction is live');
    await a.goto('/');
    await expect(cardFor(a, title)).toBeVisible();

    // Bidder B: from the home grid. 'Place Bid' opens the dialog and does not navigate.
    const { page: b } = bidder;
    await b.goto('/');
    await expect(b.getByRole('heading', { level: 1, name: 'Bid Your Perfect Date' })).toBeVisible();
    const card = cardFor(b, title);
    await expect(card.getByText('$35', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Place Bid' }).click();
    const dialog = b.getByRole('dialog', { name: 'Place Your Bid' });
    await expect(dialog).toBeVisible();
    await expect(b).toHaveURL(/\/$/);
    // No bids yet: the host's starting bid itself is the minimum.
    await expect(dialog.getByLabel('Your bid ($)')).toHaveValue('35');
    await dialog.getByRole('button', { name: /^\+\$5:/ }).click();
    await expect(dialog.getByLabel('Your bid ($)')).toHaveValue('40');
    await dialog.getByRole('button', { name: 'Place Bid' }).click();
    await expect(toast(b)).toContainText('Bid Placed Successfully!');
    await expect(toast(b)).toContainText('Your bid of $40 has been placed');
    await expect(dialog).toBeHidden();
    await expect(card.getByText('$40', { exact: true })).toBeVisible();
    await expect(card.getByText('1 bid', { exact: true })).toBeVisible();
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '5');
    await expectNoSeriousA11yViolations(b);

    // Bidder C outbids B from the detail page; the dialog refuses less than current bid + 1.
    const { page: c } = winner;
    await c.goto(`/auction/${auctionId}`);
    await expect(c.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await c.getByRole('button', { name: 'Place Bid' }).click();
    const cDialog = c.getByRole('dialog', { name: 'Place Your Bid' });
    await expect(cDialog.getByLabel('Your bid ($)')).toHaveValue('41');
    await cDialog.getByLabel('Your bid ($)').fill('40');
    await expect(cDialog.getByText('Bid must be at least 41')).toBeVisible();
    await expect(cDialog.getByRole('button', { name: 'Place Bid' })).toBeDisabled();
    await cDialog.getByLabel('Your bid ($)').fill('');
    await expect(cDialog.getByRole('button', { name: 'Place Bid' })).toBeDisabled();
    await cDialog.getByLabel('Your bid ($)').fill('45');
    await cDialog.getByRole('button', { name: 'Place Bid' }).click();
    await expect(toast(c)).toContainText('Your bid of $45 has been placed');
    await expect(c.getByTestId('current-bid')).toHaveText('$45');
    await expect(c.getByTestId('bid-count')).toHaveText('2 bids');
    const bids = c.getByTestId('bid-history-row');
    await expect(bids).toHaveCount(2);
    await expect(bids.nth(0)).toContainText('Cleo');
    await expect(bids.nth(0)).toContainText('$45');
    await expect(bids.nth(0)).toContainText('Just now');
    await expect(bids.nth(1)).toContainText('Bram');
    await expect(bids.nth(1)).toContainText('$40');
    await expectNoSeriousA11yViolations(c);

    // The detail page of docs/product.md §2 as the host sees it.
    await a.goto(`/auction/${auctionId}`);
    await expect(a.getByText('This is your auction')).toBeVisible();
    await expect(a.getByTestId('creator-name')).toHaveText('Hana H.');
    await expect(a.getByText('Dinner', { exact: true })).toBeVisible();
    await expect(a.getByRole('button', { name: 'Place Bid' })).toHaveCount(0);
    await expect(a.getByRole('link', { name: 'Back to Auctions' })).toHaveAttribute('href', '/');

    // B, outbid, still may bid or buy now while the auction runs.
    await b.goto(`/auction/${auctionId}`);
    await expect(b.getByRole('button', { name: 'Place Bid' })).toBeVisible();
    await expect(b.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    await expect(b.getByRole('button', { name: 'Message' })).toHaveCount(0);

    await checkPublicBrowse(browser, title);

    // The clock passes the end: the server closes the auction; C's open page updates without a reload.
    await moveClockPast(winner.context.request, endsAt);
    await expect(c.getByRole('button', { name: 'Message' })).toBeVisible();
    await expect(c.getByTestId('auction-outcome')).toHaveText('Sold for $45');
    await expect(c.getByRole('button', { name: 'Place Bid' })).toHaveCount(0);
    await c.getByRole('button', { name: 'Message' }).click();
    await expect(c.getByRole('dialog', { name: 'Auction chat' })).toBeVisible();

    await b.reload();
    await expect(b.getByTestId('auction-outcome')).toHaveText('Sold for $45');
    await expect(b.getByRole('button', { name: 'Message' })).toHaveCount(0);
    await expect(b.getByRole('button', { name: 'Place Bid' })).toHaveCount(0);

    await a.reload();
    await expect(a.getByText('This is your auction')).toBeVisible();
    await expect(a.getByRole('button', { name: 'Message' })).toBeVisible();
  } finally {
    await Promise.all([host, bidder, winner].map(({ context }) => context.close()));
  }
});

/** Host A fills every field of the create page (docs/product.md §2) and submits; returns the new auction's id. */
async function createThroughTheForm({ page }: SignedInMember, title: string): Promise<{ id: string; endsAt: number }> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Create Your Auction' }).click();
  await expect(page).toHaveURL(/\/create-auction$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Your Auction' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Small plates at a tapas bar, then a walk through the new gallery.');
  await page.getByRole('radiogroup', { name: 'Date type' }).getByRole('radio', { name: 'Dinner' }).check();
  await page.getByLabel('Location').fill('South Congress, Austin');
  await expect(page.getByLabel('Search radius (miles)')).toHaveValue('25');
  await page.getByLabel('Search radius (miles)').fill('30');
  await expect(page.getByLabel('Starting bid ($)')).toHaveValue('20');
  await page.getByLabel('Starting bid ($)').fill('35');
  await page.getByLabel('Buy now price ($, optional)').fill('500');
  await page
    .getByRole('radiogroup', { name: 'Who pays for the date' })
    .getByRole('radio', { name: 'Host pays' })
    .check();
  await expect(page.getByText('0/500')).toBeVisible();
  await page.getByLabel('Payment notes (optional)').fill('I will cover the tip');
  await expect(page.getByText('20/500')).toBeVisible();
  await expect(page.getByLabel('Expected duration')).toHaveValue('60');
  await page.getByLabel('Expected duration').selectOption({ label: '1h 30m' });
  await expect(page.getByLabel('End time')).toHaveValue('23:59');

  // docs/product.md §5 pre-submit checks: without an end date nothing is sent.
  await page.getByRole('button', { name: 'Create Auction' }).click();
  await expect(toast(page)).toContainText('End Date Required');
  await expect(toast(page)).toContainText('Please select an end date for your auction.');

  const end = await localEndInBrowser(page, AUCTION_SECONDS, await serverNow(page.request));
  await page.getByLabel('End date').fill(end.date);
  await page.getByLabel('End time').fill(end.time);
  const preview = page.getByTestId('auction-preview');
  await expect(preview).toContainText('$35');
  await expect(preview).toContainText('$500');

  const [response] = await Promise.all([
    page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auctions' && res.request().method() === 'POST'),
    page.getByRole('button', { name: 'Create Auction' }).click(),
  ]);
  expect(response.status()).toBe(201);
  const sent = response.request().postDataJSON();
  expect(sent).toMatchObject({
    title,
    dateType: 'dinner',
    location: 'South Congress, Austin',
    locationRadius: 30,
    startingBid: '35.00',
    buyNowPrice: '500.00',
    paymentResponsibility: 'creator_pays',
    paymentNotes: 'I will cover the tip',
    expectedDuration: 90,
  });
  expect(Math.abs(new Date(sent.endTime).getTime() - end.at)).toBeLessThan(1000);
  await expect(toast(page)).toContainText('Auction Created!');
  await expect(toast(page)).toContainText('Your auction has been successfully created and is now live.');
  const { id } = (await response.json()) as { id: string };
  return { id, endsAt: end.at };
}

/** docs/product.md §2 "Public browse page": a visitor finds the auction and is sent to sign up, in a new tab. */
async function checkPublicBrowse(browser: Browser, title: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Auctions' })).toBeVisible();
    await page.getByLabel('Search auctions').fill(title);
    await expect(page.getByText('1 auction', { exact: true })).toBeVisible();
    const card = cardFor(page, title);
    const signUp = card.getByRole('link', { name: /Sign Up to Bid/ });
    await expect(signUp).toHaveAttribute('target', '_blank');
    await expect(card.getByRole('button', { name: 'Place Bid' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The price range filters on the client by current bid ($45 here).
    await page.getByLabel('Price range').selectOption('0-25');
    await expect(page.getByText('0 auctions', { exact: true })).toBeVisible();
    await page.getByLabel('Price range').selectOption('25-50');
    await expect(page.getByText('1 auction', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect(page.getByLabel('Search auctions')).toHaveValue('');

    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      cardFor(page, title)
        .getByRole('link', { name: /Sign Up to Bid/ })
        .click(),
    ]);
    await expect(popup).toHaveURL(/\/login\?mode=signup$/);

    // The card leads to the auction page, where a visitor is asked to log in to bid.
    await cardFor(page, title).getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(/\/auction\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login to Bid' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('button', { name: 'Place Bid' })).toHaveCount(0);
  } finally {
    await context.close();
  }
}

test('Buy Now asks for confirmation, then closes the auction with the buyer as winner', async ({ browser }) => {
  const [host, buyer] = await Promise.all([
    newSignedInMember(browser, 'Ivo', 'Host'),
    newSignedInMember(browser, 'Jun', 'Buyer'),
  ]);
  try {
    const title = uniqueTitle('Espresso tasting');
    const id = await createAuctionViaApi(host.context.request, { title, startingBid: '15', buyNowPrice: '60' });
    const { page } = buyer;
    await page.goto(`/auction/${id}`);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Buy Now for $60?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('dialog', { name: 'Buy Now for $60?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page)).toContainText('You Won!');
    await expect(page.getByTestId('auction-outcome')).toHaveText('Sold for $60');
    await expect(page.getByRole('button', { name: 'Message' })).toBeVisible();
    await expect(page.getByText('Buy now price')).toHaveCount(0);

    await host.page.goto(`/auction/${id}`);
    await expect(host.page.getByText('This is your auction')).toBeVisible();
    await expect(host.page.getByRole('button', { name: 'Message' })).toBeVisible();
  } finally {
    await Promise.all([host.context.close(), buyer.context.close()]);
  }
});

test('an unknown auction shows Auction Not Found with a way back', async ({ page }) => {
  await page.goto('/auction/00000000-0000-0000-0000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Auction Not Found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse Auctions' })).toHaveAttribute(
    'href',
    '/browse',
  );
});

test('Load More appears only beyond 24 auctions and appends the next page', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page, member } = await newSignedInMember(browser, 'Lola', 'Lister');
  try {
    // Activity auctions over $100 are this test's own: no other test creates any.
    const create = (n: number) =>
      createAuctionViaApi(context.request, {
        title: `Climbing session ${member.id.slice(0, 6)} #${n}`,
        dateType: 'activity',
        startingBid: '150',
      });
    for (let n = 1; n <= 24; n += 1) await create(n);

    const showMine = async () => {
      await page.goto('/');
      await page.getByLabel('Date type').selectOption('activity');
      await Promise.all([
        page.waitForResponse((res) => new URL(res.url()).searchParams.get('priceRange') === 'over-100'),
        page.getByLabel('Price range').selectOption('over-100'),
      ]);
      await expect(page.locator('#auction-grid')).not.toHaveAttribute('aria-busy', 'true');
    };
    await showMine();
    const cards = page.getByTestId('auction-card');
    await expect(cards).toHaveCount(24);
    await expect(page.getByRole('button', { name: 'Load More Auctions' })).toHaveCount(0);
    // The featured auction is one of them, with a link to it.
    await expect(page.getByRole('link', { name: /^View Auction/ })).toBeVisible();

    await create(25);
    await showMine();
    await expect(cards).toHaveCount(24);
    const loadMore = page.getByRole('button', { name: 'Load More Auctions' });
    await expect(loadMore).toBeVisible();
    const [next] = await Promise.all([
      // The next page starts after the last card shown (a cursor), not by skipping 24 cards.
      page.waitForResponse((res) => new URL(res.url()).searchParams.has('cursor')),
      loadMore.click(),
    ]);
    expect(new URL(next.url()).searchParams.get('dateType')).toBe('activity');
    await expect(cards).toHaveCount(25);
    await expect(loadMore).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a member with no matching auctions sees the empty state', async ({ browser }) => {
  const { context, page } = await newSignedInMember(browser, 'Nia', 'Newcomer');
  try {
    await page.goto('/');
    // Activity auctions under $50: no test creates one (the Load More test's cost $150).
    await page.getByLabel('Date type').selectOption('activity');
    await page.getByLabel('Price range').selectOption('under-50');
    await expect(page.getByRole('heading', { name: 'No auctions found' })).toBeVisible();
    await page.getByRole('link', { name: 'Create First Auction' }).click();
    await expect(page).toHaveURL(/\/create-auction$/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Create auction' })).toHaveAttribute('href', '/create-auction');
  } finally {
    await context.close();
  }
});
