import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { serverNow } from './clock';
import { screenedRandom } from './unique';

export interface AuctionInput {
  title: string;
  description?: string;
  dateType?: 'coffee' | 'dinner' | 'activity';
  location?: string;
  locationRadius?: number;
  startingBid?: string;
  buyNowPrice?: string;
  /** Whole dollars, private to the host (docs/auctions.md, "Reserve price"). */
  reservePrice?: string;
  endTime?: string;
  paymentResponsibility?: '50_50' | 'winner_pays' | 'creator_pays';
  expectedDuration?: number;
}

/** A unique title, so a test finds its own auction among everything else on the shared server. */
export const uniqueTitle = (label: string) => `${label} ${screenedRandom(10, 'listing', (run) => `${label} ${run}`)}`;

/**
 * POST /api/auctions as the member signed in on `request`; returns the new id. Without an end time
 * it ends a day after the server's time, which the test clock may have moved ahead of this machine's.
 */
export async function createAuctionViaApi(request: APIRequestContext, input: AuctionInput): Promise<string> {
  const endTime = input.endTime ?? new Date((await serverNow(request)) + 24 * 3600_000).toISOString();
  const res = await request.post('/api/auctions', {
    data: {
      description: 'An easy-going outing for two, somewhere public and fun.',
      dateType: 'coffee',
      location: 'Austin, TX',
      locationRadius: 25,
      startingBid: '20',
      endTime,
      paymentResponsibility: '50_50',
      expectedDuration: 60,
      ...input,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return id;
}

/**
 * The local date ('YYYY-MM-DD') and time ('HH:MM:SS') `secondsAhead` after `from` (by default
 * now, by this machine's clock), in the browser's own time zone.
 */
export async function localEndInBrowser(
  page: Page,
  secondsAhead: number,
  from?: number,
): Promise<{ date: string; time: string; at: number }> {
  return page.evaluate(
    ({ seconds, base }) => {
      const end = new Date((base ?? Date.now()) + seconds * 1000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        date: `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}`,
        time: `${pad(end.getHours())}:${pad(end.getMinutes())}:${pad(end.getSeconds())}`,
        at: end.getTime(),
      };
    },
    { seconds: secondsAhead, base: from },
  );
}
