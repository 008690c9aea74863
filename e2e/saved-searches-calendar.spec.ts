import { readFile } from 'node:fs/promises';
import { DATE_CALENDAR_TEXT } from '@bid/contract';
import { expect, test } from '@playwright/test';
import nodeIcal from 'node-ical';
import { newSignedInMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// Issue 40, docs/the-date.md "Calendar": one of a date's two people downloads its calendar
// invitation from the date page, at desktop and phone sizes.

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1440, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

for (const { name, size } of VIEWPORTS) {
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
