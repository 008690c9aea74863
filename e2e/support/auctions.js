import { expect } from '@playwright/test';
/** A unique title, so a test finds its own auction among everything else on the shared server. */
export const uniqueTitle = (label) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** POST /api/auctions as the member signed in on `request`; returns the new id. */
export async function createAuctionViaApi(request, input) {
    const res = await request.post('/api/auctions', {
        data: {
            description: 'An easy-going outing for two, somewhere public and fun.',
            dateType: 'coffee',
            location: 'Austin, TX',
            locationRadius: 25,
            startingBid: '20',
            endTime: new Date(Date.now() + 24 * 3600_000).toISOString(),
            paymentResponsibility: '50_50',
            expectedDuration: 60,
            ...input,
        },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json());
    return id;
}
/** The local date ('YYYY-MM-DD') and time ('HH:MM:SS') `secondsAhead` from now, in the browser's own time zone. */
export async function localEndInBrowser(page, secondsAhead) {
    return page.evaluate((seconds) => {
        const end = new Date(Date.now() + seconds * 1000);
        const pad = (n) => String(n).padStart(2, '0');
        return {
            date: `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}`,
            time: `${pad(end.getHours())}:${pad(end.getMinutes())}:${pad(end.getSeconds())}`,
            at: end.getTime(),
        };
    }, secondsAhead);
}
