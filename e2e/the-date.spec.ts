import { expect, test, type Page } from '@playwright/test';
import { newSignedInMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// Issue 9, docs/the-date.md: the winner and the host agree a plan in their chat, both check in
// in Date Mode (live for each other over the WebSocket), the date ends, the winner releases the
// payment, and the host sees the release on their profile. Two browser contexts, one per person.

/** Live updates land at once; allow for a missed push and the page's own refetch. */
const LIVE = { timeout: 15_000 };

/** The local date and time (HH:MM) `minutesAhead` from now, in the browser's own time zone. */
function localDateTime(page: Page, minutesAhead: number) {
  return page.evaluate((minutes) => {
    const at = new Date(Date.now() + minutes * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
      time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
    };
  }, minutesAhead);
}

test('agree a plan in chat, both check in, and the date cannot end before the start plus the grace', async ({
  browser,
}) => {
  const host = await newSignedInMember(browser, 'Harper');
  const winner = await newSignedInMember(browser, 'Wyatt');
  try {
    const title = uniqueTitle('Date journey');
    const auctionId = await createAuctionViaApi(host.context.request, {
      title,
      buyNowPrice: '100',
      expectedDuration: 60,
    });
    const bought = await winner.context.request.post(`/api/auctions/${auctionId}/buy-now`);
    expect(bought.status(), await bought.text()).toBe(200);
    // The auction chat exists between the two once there is a winner; a first message opens it.
    const participants = [host.member.id, winner.member.id].sort().join('-');
    const sent = await winner.context.request.post('/api/messages', {
      data: { conversationId: `${auctionId}-${participants}`, receiverId: host.member.id, content: 'Looking forward!' },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    // The winner proposes a place and a time from the chat.
    await winner.page.goto('/messages');
    await winner.page.getByTestId('conversation-item').filter({ hasText: 'Harper' }).click();
    const winnerPlan = winner.page.getByRole('region', { name: 'Date plan' });
    // Within the 15 minutes before the start, when arrivals count (docs/the-date.md).
    const when = await localDateTime(winner.page, 10);
    const form = winnerPlan.getByRole('form', { name: 'Propose a time and place' });
    await form.getByLabel('Place').fill('Blue Bottle Coffee, 5th Ave');
    await form.getByLabel('Date').fill(when.date);
    await form.getByLabel('Time').fill(when.time);
    await form.getByRole('button', { name: 'Propose' }).click();
    await expect(winnerPlan.getByText('Waiting for Harper to accept')).toBeVisible();

    // The host sees the proposal in the same chat and accepts it; both see the agreed plan.
    await host.page.goto('/messages');
    await host.page.getByTestId('conversation-item').filter({ hasText: 'Wyatt' }).click();
    const hostPlan = host.page.getByRole('region', { name: 'Date plan' });
    await expect(hostPlan.getByText('Blue Bottle Coffee, 5th Ave')).toBeVisible();
    await hostPlan.getByRole('button', { name: 'Accept' }).click();
    await expect(hostPlan.getByText('Agreed:')).toBeVisible();
    await expect(winnerPlan.getByText('Agreed:')).toBeVisible(LIVE);

    // Date Mode: the host starts it from the auction page; both check in and see each other arrive.
    await host.page.goto(`/auction/${auctionId}`);
    await host.page.getByRole('link', { name: 'Open Date Mode' }).first().click();
    await expect(host.page).toHaveURL(new RegExp(`/auctions/${auctionId}/date$`));
    await host.page.getByRole('button', { name: 'Start Date Mode' }).click();
    await winner.page.goto(`/auctions/${auctionId}/date`);
    await expect(winner.page.getByText('Blue Bottle Coffee, 5th Ave').first()).toBeVisible();

    await host.page.getByRole('button', { name: "I've arrived" }).click();
    const hostSeenByWinner = winner.page.getByTestId('arrival-row').filter({ hasText: 'Harper' });
    await expect(hostSeenByWinner.getByText(/^Arrived /)).toBeVisible(LIVE);
    await winner.page.getByRole('button', { name: "I've arrived" }).click();
    const winnerSeenByHost = host.page.getByTestId('arrival-row').filter({ hasText: 'Wyatt' });
    await expect(winnerSeenByHost.getByText(/^Arrived /)).toBeVisible(LIVE);

    // Ending the date waits for the start plus the no-show grace (the rest of the journey, the
    // settlement and the release, runs on a test clock in apps/server/test/integration/dates.test.ts).
    await host.page.getByRole('button', { name: 'End date' }).click();
    await host.page.getByRole('dialog').getByRole('button', { name: 'End date' }).click();
    await expect(host.page.getByText('The date can end from 30 minutes after the agreed start.')).toBeVisible();
  } finally {
    await Promise.all([host.context.close(), winner.context.close()]);
  }
});
