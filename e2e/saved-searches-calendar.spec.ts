import { readFile } from 'node:fs/promises';
import { DATE_CALENDAR_TEXT, SAVED_SEARCH_BUTTON_LABEL, SAVED_SEARCH_MATCH_TITLE, SAVED_SEARCH_MESSAGES } from '@bid/contract';
import { expect, test } from '@playwright/test';
import nodeIcal from 'node-ical';
import { newSignedInMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// Issue 40, docs/auctions.md "Saved searches" and docs/the-date.md "Calendar": a member saves the
// browse page's filters and hears of a new matching auction in the bell; one of a date's two
// people downloads its calendar invitation from the date page. At desktop and phone sizes.

/** Letters only, so the token is one word of the title. */
const uniqueToken = () =>
  `Zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1440, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

for (const { name, size } of VIEWPORTS) {
  test(`${name}: save a search from browse, then its alert arrives in the bell`, async ({ browser }) => {
    const saver = await newSignedInMember(browser, 'Sasha');
    const host = await newSignedInMember(browser, 'Hollis');
    try {
      const token = uniqueToken();
      const page = saver.page;
      await page.setViewportSize(size);
      await page.goto(`/browse?q=${token}&dateType=coffee&priceRange=0-25`);
      await page.getByRole('button', { name: SAVED_SEARCH_BUTTON_LABEL }).click();
      const dialog = page.getByRole('dialog', { name: SAVED_SEARCH_BUTTON_LABEL });
      await expect(dialog.getByLabel('Name')).toHaveValue(`Coffee, "${token}", $0 - $25`);
      await dialog.getByRole('button', { name: 'Save search' }).click();
      await expect(page.getByText(SAVED_SEARCH_MESSAGES.saved, { exact: true })).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const saved = await (await saver.context.request.get('/api/saved-searches')).json();
      expect(saved.savedSearches).toEqual([
        expect.objectContaining({ query: token.toLowerCase(), dateType: 'coffee', priceRange: '0-25', radius: null }),
      ]);

      const title = `Coffee ${token} by the river`;
      const auctionId = await createAuctionViaApi(host.context.request, {
        title,
        dateType: 'coffee',
        startingBid: '20',
      });

      const notices = await (await saver.context.request.get('/api/notifications')).json();
      expect(notices).toEqual([expect.objectContaining({ type: 'saved_search_match', relatedAuctionId: auctionId })]);
      await page.goto('/');
      await expect(page.getByTestId('notification-badge')).toHaveText('1');
      await page.getByTestId('notification-bell').click();
      const item = page.getByTestId('notification-dropdown').getByTestId('notification-item');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(SAVED_SEARCH_MATCH_TITLE);
      await expect(item).toContainText(`"${title}" matches your saved search "Coffee, "${token}", $0 - $25"`);
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/auction/${auctionId}$`));
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    } finally {
      await saver.context.close();
      await host.context.close();
    }
  });

  test(`${name}: download the agreed date as a calendar invitation from the date page`, async ({ browser }) => {
    const host = await newSignedInMember(browser, 'Harlow');
    const winner = await newSignedInMember(browser, 'Wren');
    try {
      const title = uniqueTitle('Calendar journey');
      const auctionId = await createAuctionViaApi(host.context.request, {
        title,
        buyNowPrice: '100',
        expectedDuration: 90,
      });
      const bought = await winner.context.request.post(`/api/auctions/${auctionId}/buy-now`);
      expect(bought.status(), await bought.text()).toBe(200);
      const startsAt = new Date(Date.now() + 2 * 24 * 3_600_000);
      startsAt.setUTCSeconds(0, 0);
      const proposed = await winner.context.request.post(`/api/auctions/${auctionId}/plan`, {
        data: { place: 'Blue Bottle Coffee, 5th Ave', startsAt: startsAt.toISOString() },
      });
      expect(proposed.status(), await proposed.text()).toBe(200);
      const accepted = await host.context.request.post(`/api/auctions/${auctionId}/plan/accept`);
      expect(accepted.status(), await accepted.text()).toBe(200);

      const page = winner.page;
      await page.setViewportSize(size);
      await page.goto(`/auctions/${auctionId}/date`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: DATE_CALENDAR_TEXT.downloadLabel }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('date.ics');
      const text = await readFile((await download.path())!, 'utf8');
      const parsed = nodeIcal.sync.parseICS(text);
      expect((parsed['vcalendar'] as { method?: string }).method).toBe('REQUEST');
      const event = Object.values(parsed).find((entry) => entry?.type === 'VEVENT') as nodeIcal.VEvent;
      expect(event.uid).toMatch(new RegExp(`^date-${auctionId}@`));
      expect(event.location).toBe('Blue Bottle Coffee, 5th Ave');
      expect(event.summary).toBe(DATE_CALENDAR_TEXT.summary(title));
      expect(event.start.toISOString()).toBe(startsAt.toISOString());
      expect(event.end!.getTime() - startsAt.getTime()).toBe(90 * 60_000);
      expect(event.description).toContain(`/auctions/${auctionId}/date`);
    } finally {
      await host.context.close();
      await winner.context.close();
    }
  });
}
