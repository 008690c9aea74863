import { readFile } from 'node:fs/promises';
import {
  DATE_CALENDAR_TEXT,
  SAVED_SEARCH_BUTTON_LABEL,
  SAVED_SEARCH_MATCH_MESSAGE_TEMPLATE,
  SAVED_SEARCH_MATCH_TITLE,
  SAVED_SEARCH_MESSAGES,
} from '@bid/contract';
import { expect, test } from '@playwright/test';
import nodeIcal from 'node-ical';
import { newSignedInMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// Issue 40, docs/auctions.md "Saved searches" and docs/the-date.md "Calendar": a member saves the
// feed's filters and hears of a new matching auction in the bell, live; one of a date's
// two people downloads its calendar invitation from the date page. At desktop and phone sizes.

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1440, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

for (const { name, size } of VIEWPORTS) {
  test(`${name}: save the feed's filters as a search, then its alert arrives in the bell without a reload`, async ({
    browser,
  }) => {
    const saver = await newSignedInMember(browser, 'Sasha');
    const host = await newSignedInMember(browser, 'Hollis');
    try {
      const page = saver.page;
      await page.setViewportSize(size);
      // Members browse on home (/browse is the visitors' page); its filters are in the address
      // under browse's names. Activities of $100 or more: few other journeys make those.
      await page.goto('/?dateType=activity&priceRange=100%2B');
      await expect(page.getByTestId('notification-bell')).toHaveAccessibleName('Notifications');
      await page.getByRole('button', { name: SAVED_SEARCH_BUTTON_LABEL }).click();
      const dialog = page.getByRole('dialog', { name: SAVED_SEARCH_BUTTON_LABEL });
      const searchName = 'Activity, $100+';
      await expect(dialog.getByLabel('Name')).toHaveValue(searchName);
      await dialog.getByRole('button', { name: 'Save search' }).click();
      await expect(page.getByText(SAVED_SEARCH_MESSAGES.saved, { exact: true })).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const saved = await (await saver.context.request.get('/api/saved-searches')).json();
      expect(saved.savedSearches).toEqual([
        expect.objectContaining({
          name: searchName,
          query: null,
          dateType: 'activity',
          priceRange: '100+',
          radius: null,
        }),
      ]);

      // An activity under $100 does not match; it is published first, so its match has run by
      // the time the matching one's has (an instance matches new auctions in turn).
      const cheap = await createAuctionViaApi(host.context.request, {
        title: uniqueTitle('Climbing wall'),
        dateType: 'activity',
        startingBid: '20',
      });
      const title = uniqueTitle('Hot air balloon');
      const auctionId = await createAuctionViaApi(host.context.request, {
        title,
        dateType: 'activity',
        startingBid: '150',
      });

      // No reload: the server's nudge on the member's own channel refreshes the bell.
      await expect(page.getByTestId('notification-badge')).toBeVisible();
      await page.getByTestId('notification-bell').click();
      const item = page
        .getByTestId('notification-dropdown')
        .getByTestId('notification-item')
        .filter({ hasText: title });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(SAVED_SEARCH_MATCH_TITLE);
      await expect(item).toContainText(
        SAVED_SEARCH_MATCH_MESSAGE_TEMPLATE.replace('{title}', title).replace('{searches}', `"${searchName}"`),
      );
      const notices = (await (await saver.context.request.get('/api/notifications')).json()) as Array<{
        relatedAuctionId: string | null;
      }>;
      expect(notices.filter((notice) => notice.relatedAuctionId === cheap)).toEqual([]);
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
      const text = await readFile(await download.path(), 'utf8');
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
