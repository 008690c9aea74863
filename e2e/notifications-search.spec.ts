import { expect, test } from '@playwright/test';
import { newSignedInMember } from './support/accounts';
import { createAuctionViaApi } from './support/auctions';
import { screenedRandom } from './support/unique';

// docs/product.md §2 "Header" (search dropdown, View all results) and "Notification dropdown", "Search page";
// §4 "Notification" (unread becomes read when clicked); §7 notification and search calls.

/** Letters only, so the token is one word for the name and the title alike. */
const uniqueToken = () =>
  `Zq${screenedRandom(8, ['listing', 'profile'], (run) => `Zq${run}`, 'abcdefghijklmnopqrstuvwxyz')}`;

test('a bid lights the host bell; opening the notification marks it read and shows the auction', async ({
  browser,
}) => {
  const host = await newSignedInMember(browser, 'Avery');
  const bidder = await newSignedInMember(browser, 'Blake');
  try {
    const title = `Kayak picnic ${uniqueToken()}`;
    const auctionId = await createAuctionViaApi(host.context.request, { title, dateType: 'activity' });

    const page = host.page;
    await page.goto('/');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);

    const bid = await bidder.context.request.post('/api/bids', { data: { auctionId, amount: '25' } });
    expect(bid.status(), await bid.text()).toBe(201);

    // The count is polled every 30 s; a reload reads it at once.
    await page.reload();
    await expect(page.getByTestId('notification-badge')).toHaveText('1');

    await bell.click();
    const dropdown = page.getByTestId('notification-dropdown');
    await expect(dropdown.getByText('Notifications', { exact: true })).toBeVisible();
    await expect(dropdown.getByRole('menuitem', { name: 'Mark all read' })).toBeVisible();
    const item = dropdown.getByTestId('notification-item');
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(item).toContainText('Just now');

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/auction/${auctionId}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);

    const count = await host.context.request.get('/api/notifications/count');
    expect(await count.json()).toEqual({ count: 0 });

    await bell.click();
    await expect(dropdown.getByTestId('notification-item')).toHaveAttribute('data-read', 'true');
    await expect(dropdown.getByRole('menuitem', { name: 'Mark all read' })).toHaveCount(0);
    await dropdown.getByRole('menuitem', { name: 'Close' }).click();
    await expect(dropdown).toHaveCount(0);
  } finally {
    await host.context.close();
    await bidder.context.close();
  }
});

test('header search finds an auction and a person; View all results opens /search with the counts', async ({
  browser,
}) => {
  const token = uniqueToken();
  const host = await newSignedInMember(browser, 'Casey', token);
  const viewer = await newSignedInMember(browser, 'Drew');
  try {
    const title = `Sunset paddle ${token}`;
    const auctionId = await createAuctionViaApi(host.context.request, { title, dateType: 'activity' });

    const page = viewer.page;
    await page.goto('/');
    const search = page.getByLabel('Search users and auctions');
    await search.click();
    const dropdown = page.getByTestId('search-dropdown');
    await expect(dropdown).toContainText('Start typing to search...');

    await search.fill(token.toLowerCase());
    await expect(dropdown.getByText('Users (1)')).toBeVisible();
    await expect(dropdown.getByText('Auctions (1)')).toBeVisible();
    await expect(dropdown.getByTestId('search-auction-result')).toContainText(title);
    await expect(dropdown.getByTestId('search-user-result')).toContainText(`Casey ${token.charAt(0).toUpperCase()}.`);

    await dropdown.getByRole('link', { name: 'View all results' }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${token.toLowerCase()}$`));
    const results = page.getByTestId('page-search');
    await expect(results.getByRole('tab', { name: 'All (2)' })).toBeVisible();
    await expect(results.getByRole('tab', { name: 'Users (1)' })).toBeVisible();
    await expect(results.getByRole('tab', { name: 'Auctions (1)' })).toBeVisible();
    await expect(results.getByTestId('search-user-card')).toContainText(`Casey ${token.charAt(0).toUpperCase()}.`);
    const card = results.getByTestId('search-auction-card');
    await expect(card).toContainText(title);
    await expect(card).toContainText('$20');
    await expect(card).toContainText('0 bids');

    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/auction/${auctionId}$`));

    // A text nothing matches.
    await page.goto(`/search?q=${encodeURIComponent(`${token}nothing`)}`);
    await expect(page.getByText('No Results Found')).toBeVisible();
    await page.goto('/search');
    await expect(page.getByText('Start Your Search')).toBeVisible();

    // Picking an auction in the dropdown opens it.
    await page.goto('/');
    await search.click();
    await search.fill(title);
    await dropdown.getByTestId('search-auction-result').click();
    await expect(page).toHaveURL(new RegExp(`/auction/${auctionId}$`));
  } finally {
    await host.context.close();
    await viewer.context.close();
  }
});
