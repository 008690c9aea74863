import { FEEDBACK_COPY, formatReputation, REPUTATION_COPY } from '@bid/contract';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';
import { MINUTE, moveClockPast, serverNow } from './support/clock';
import { leaveFeedbackInBrowser } from './support/feedback';

// Issue 9 and issue 35, docs/the-date.md: a whole date played in the browser on the server's test
// clock (docs/payments.md, "The test clock"), at desktop size and on a phone. The winner bids, the
// clock passes the end and the server closes the auction and charges the winner; the two agree a
// plan in their chat, both check in in Date Mode (live for each other over the WebSocket), the
// clock runs the date's hour, the host ends it, and the money is settled: released by the winner
// (desktop) or by the date job once the dispute window has passed on the clock (phone), then paid
// out to the host, who sees it on their profile. Then both leave feedback on the date's page
// (docs/the-date.md "Feedback after the date"): the first sees only "waiting" until the second has
// written, then both reviews are revealed, and the host's reputation shows on their member page
// and on the card of their next auction (docs/trust-and-safety.md "Reliability"), which browse's
// "Sort by: Best hosts" puts before a new host's. Browser contexts, one per person.
//
// These journeys run on a server of their own, one at a time (the "test-clock" project of
// playwright.config.ts): moving the clock would end other journeys' auctions.

/** Live updates land at once; allow for a missed push and the page's own refetch. */
const LIVE = { timeout: 15_000 };
const HOUR = 60 * MINUTE;
/** The agreed length of the date (minutes) and the winning bid. */
const EXPECTED_DURATION = 60;
const BID = '40';
/** The two public reviews (20 to 1,000 characters). */
const REVIEW_OF_HOST = 'Harper was on time, friendly, and picked a lovely spot. Would go again.';
const REVIEW_OF_WINNER = 'Wyatt was punctual and easy to talk to for the whole hour.';

/** The sandbox's test bank account (docs/the-date.md, "Host payouts"). */
const BANK = { accountHolderName: 'Harper Tester', routingNumber: '110000000', accountNumber: '000123456789' };

type Size = { name: string; viewport: { width: number; height: number }; isMobile: boolean };
const DESKTOP: Size = { name: '1440x900', viewport: { width: 1440, height: 900 }, isMobile: false };
const PHONE: Size = { name: '390x844', viewport: { width: 390, height: 844 }, isMobile: true };

async function member(browser: Browser, size: Size, firstName: string) {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
  });
  const member = await signUpMember(context.request, firstName);
  return { member, context, page: await context.newPage() };
}

/** The local date and time (HH:MM) of `instant` in the browser's own time zone, as the plan form takes them. */
function localDateTime(page: Page, instant: number) {
  return page.evaluate((at) => {
    const when = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`,
      time: `${pad(when.getHours())}:${pad(when.getMinutes())}`,
    };
  }, instant);
}

/** The amount shown beside a label of a definition list (the settlement, the payout balances). */
function amountOf(page: Page, label: string) {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

async function playTheDate(browser: Browser, size: Size, settle: 'winner releases' | 'dispute window passes') {
  const host = await member(browser, size, 'Harper');
  const winner = await member(browser, size, 'Wyatt');
  try {
    // The host can be paid: a payout account, completed on the sandbox's onboarding.
    expect((await host.context.request.post('/api/payouts/account')).status()).toBe(200);
    const onboarded = await host.context.request.post('/api/payouts/sandbox/complete', { data: BANK });
    expect(onboarded.status(), await onboarded.text()).toBe(200);

    // Win: an auction ending in an hour of the server's time; the winner bids from its page.
    const title = uniqueTitle('Date journey');
    const endsAt = (await serverNow(host.context.request)) + HOUR;
    const auctionId = await createAuctionViaApi(host.context.request, {
      title,
      endTime: new Date(endsAt).toISOString(),
      expectedDuration: EXPECTED_DURATION,
    });
    const w = winner.page;
    await w.goto(`/auction/${auctionId}`);
    // On a phone the bid button is the sticky bar's; the bidding card's is further down.
    await w.getByRole('button', { name: 'Place Bid' }).filter({ visible: true }).first().click();
    const bidDialog = w.getByRole('dialog', { name: 'Place Your Bid' });
    await bidDialog.getByLabel('Your bid ($)').fill(BID);
    await bidDialog.getByRole('button', { name: 'Place Bid' }).click();
    await expect(w.getByTestId('current-bid')).toHaveText(`$${BID}`);

    // Pay: the clock passes the end; the server closes the auction and charges the winner's card
    // before it answers, so the page shows the win at once.
    await moveClockPast(winner.context.request, endsAt);
    await w.reload();
    await expect(w.getByTestId('viewer-standing')).toHaveAttribute('data-standing', 'won');

    // The auction chat exists between the two once there is a winner; a first message opens it.
    const participants = [host.member.id, winner.member.id].sort().join('-');
    const sent = await winner.context.request.post('/api/messages', {
      data: { conversationId: `${auctionId}-${participants}`, receiverId: host.member.id, content: 'Looking forward!' },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    // Plan: the winner proposes a place and a time from the chat, 10 minutes ahead of the
    // server's time (within the 15 minutes before the start, when arrivals count).
    await w.goto('/messages');
    await w.getByTestId('conversation-item').filter({ hasText: 'Harper' }).click();
    const winnerPlan = w.getByRole('region', { name: 'Date plan' });
    const when = await localDateTime(w, (await serverNow(winner.context.request)) + 10 * MINUTE);
    const form = winnerPlan.getByRole('form', { name: 'Propose a time and place' });
    await form.getByLabel('Place').fill('Blue Bottle Coffee, 5th Ave');
    await form.getByLabel('Date').fill(when.date);
    await form.getByLabel('Time').fill(when.time);
    await form.getByRole('button', { name: 'Propose' }).click();
    await expect(winnerPlan.getByText('Waiting for Harper to accept')).toBeVisible();

    // The host sees the proposal in the same chat and accepts it; both see the agreed plan.
    const h = host.page;
    await h.goto('/messages');
    await h.getByTestId('conversation-item').filter({ hasText: 'Wyatt' }).click();
    const hostPlan = h.getByRole('region', { name: 'Date plan' });
    await expect(hostPlan.getByText('Blue Bottle Coffee, 5th Ave')).toBeVisible();
    await hostPlan.getByRole('button', { name: 'Accept' }).click();
    await expect(hostPlan.getByText('Agreed:')).toBeVisible();
    await expect(winnerPlan.getByText('Agreed:')).toBeVisible(LIVE);
    const plan = await host.context.request.get(`/api/auctions/${auctionId}/plan`);
    expect(plan.status(), await plan.text()).toBe(200);
    const startsAt = Date.parse(((await plan.json()) as { plan: { startsAt: string } }).plan.startsAt);

    // Date Mode: the host starts it from the auction page; both check in and see each other arrive.
    await h.goto(`/auction/${auctionId}`);
    await h.getByRole('link', { name: 'Open Date Mode' }).first().click();
    await expect(h).toHaveURL(new RegExp(`/auctions/${auctionId}/date$`));
    await h.getByRole('button', { name: 'Start Date Mode' }).click();
    await w.goto(`/auctions/${auctionId}/date`);
    await expect(w.getByText('Blue Bottle Coffee, 5th Ave').first()).toBeVisible();

    await h.getByRole('button', { name: "I've arrived" }).click();
    const hostSeenByWinner = w.getByTestId('arrival-row').filter({ hasText: 'Harper' });
    await expect(hostSeenByWinner.getByText(/^Arrived /)).toBeVisible(LIVE);
    await w.getByRole('button', { name: "I've arrived" }).click();
    const winnerSeenByHost = h.getByTestId('arrival-row').filter({ hasText: 'Wyatt' });
    await expect(winnerSeenByHost.getByText(/^Arrived /)).toBeVisible(LIVE);

    // Ending the date waits for the start plus the no-show grace.
    await h.getByRole('button', { name: 'End date' }).click();
    await h.getByRole('dialog').getByRole('button', { name: 'End date' }).click();
    await expect(h.getByText('The date can end from 30 minutes after the agreed start.')).toBeVisible();

    // The clock runs the date's agreed hour. The page reads the server's time, not the browser's:
    // its elapsed time counts the hour that passed on the clock.
    await moveClockPast(host.context.request, startsAt + EXPECTED_DURATION * MINUTE);
    await h.reload();
    await expect
      .poll(async () => Number((await h.getByTestId('date-elapsed').textContent())?.match(/^(\d+) min/)?.[1] ?? -1))
      .toBeGreaterThanOrEqual(EXPECTED_DURATION);

    // End: the host ends the date; both see the split of the winning bid (the full share: they
    // spent the agreed time together), and the dispute window the winner has.
    await h.getByRole('button', { name: 'End date' }).click();
    await h.getByRole('dialog').getByRole('button', { name: 'End date' }).click();
    for (const page of [h, w]) {
      const settlement = page.getByTestId('settlement');
      await expect(settlement.getByText('You spent the agreed time together.')).toBeVisible(LIVE);
      await expect(amountOf(page, 'Winning bid')).toHaveText('$40.00');
      await expect(amountOf(page, 'Service fee')).toHaveText('$4.00');
      await expect(amountOf(page, "Host's share")).toHaveText('$36.00');
      await expect(amountOf(page, 'Refund to the winner')).toHaveText('$0.00');
    }
    await expect(w.getByTestId('settlement').getByText(/^Refund requests are open until /)).toBeVisible();

    if (settle === 'winner releases') {
      // The winner releases the payment early ("Everything went well").
      await w.getByRole('button', { name: 'Release payment now' }).click();
      await w.getByRole('dialog').getByRole('button', { name: 'Release payment now' }).click();
      await expect(w.getByTestId('settlement').getByText('Released', { exact: true })).toBeVisible();
      // The next run of the date job pays the host out: a minute on the clock runs it.
      await moveClockPast(winner.context.request, (await serverNow(winner.context.request)) + MINUTE);
    } else {
      // Nobody asked for a refund: once the 48-hour dispute window has passed on the clock, the
      // date job releases the share and pays the host out in the same run.
      const dated = await winner.context.request.get(`/api/auctions/${auctionId}/plan`);
      expect(dated.status(), await dated.text()).toBe(200);
      const { settlement } = (await dated.json()) as { settlement: { disputeUntil: string } };
      await moveClockPast(winner.context.request, Date.parse(settlement.disputeUntil));
      await w.reload();
      await expect(w.getByTestId('settlement').getByText('Released', { exact: true })).toBeVisible();
      await expect(w.getByRole('button', { name: 'Release payment now' })).toHaveCount(0);
    }

    // The host's profile: the share paid out to their account.
    await h.goto('/profile?tab=payments');
    await expect(h.getByText('Payouts are on')).toBeVisible();
    await expect(amountOf(h, 'Paid out')).toHaveText('$36.00');
    await expect(amountOf(h, 'Held until your dates happen')).toHaveText('$0.00');
    await expect(amountOf(h, 'Released, waiting for payout')).toHaveText('$0.00');
    await expect(h.getByText('Payout to your account').first()).toBeVisible();

    // Feedback: the winner writes first on the date's page and waits for the host's review, which
    // stays hidden from both until both have written (the reveal).
    await w.goto(`/auctions/${auctionId}/date`);
    await leaveFeedbackInBrowser(w, {
      met: 'Yes, we met',
      feltSafe: true,
      again: true,
      stars: 5,
      review: REVIEW_OF_HOST,
    });
    const winnerCard = w.getByTestId('feedback-card');
    await expect(winnerCard.getByText(FEEDBACK_COPY.waiting)).toBeVisible();
    await expect(winnerCard.getByText(REVIEW_OF_WINNER)).toHaveCount(0);

    await h.goto(`/auctions/${auctionId}/date`);
    await leaveFeedbackInBrowser(h, {
      met: 'Yes, we met',
      feltSafe: true,
      again: true,
      stars: 4,
      review: REVIEW_OF_WINNER,
    });
    // The reveal: each sees the other's review of them, and their own.
    const hostCard = h.getByTestId('feedback-card');
    await expect(hostCard.getByRole('heading', { name: FEEDBACK_COPY.theirReview })).toBeVisible();
    await expect(hostCard.getByText(REVIEW_OF_HOST)).toBeVisible();
    await expect(hostCard.getByText(REVIEW_OF_WINNER)).toBeVisible();
    await w.reload();
    await expect(winnerCard.getByRole('heading', { name: FEEDBACK_COPY.theirReview })).toBeVisible();
    await expect(winnerCard.getByText(REVIEW_OF_WINNER)).toBeVisible();
    await expect(winnerCard.getByText(FEEDBACK_COPY.waiting)).toHaveCount(0);

    // The reputation: one date, too few for a rate or an average (so it says "1 date", not
    // "New host"), and the revealed review on the host's member page.
    const hostLine = formatReputation({ datesCompleted: 1, showUpRate: null, reviewCount: 1, averageRating: null });
    expect(hostLine).not.toBe(REPUTATION_COPY.newHost);
    await w.goto(`/users/${host.member.id}`);
    const memberPage = w.getByTestId('page-member');
    await expect(memberPage.getByTestId('reputation')).toHaveText(hostLine);
    await expect(memberPage.getByRole('heading', { name: REPUTATION_COPY.reviewsHeading })).toBeVisible();
    await expect(memberPage.getByTestId('review').filter({ hasText: REVIEW_OF_HOST })).toBeVisible();

    // And on the card of the host's next auction: ending soonest, so it leads the home feed.
    const next = uniqueTitle('Next outing');
    await createAuctionViaApi(host.context.request, {
      title: next,
      endTime: new Date((await serverNow(host.context.request)) + 10 * MINUTE).toISOString(),
    });
    await w.goto('/');
    const card = w.getByTestId('auction-card').filter({ hasText: next });
    await expect(card.getByTestId('reputation')).toHaveText(hostLine);

    // "Sort by: Best hosts" (docs/the-date.md "Best hosts"): a new host's auction ending sooner
    // leads by ending time; choosing Best hosts puts the host with a date before it, on the
    // members' home feed (sorted by the server) and on the visitors' browse page (in the browser).
    const newcomer = await member(browser, size, 'Nell');
    const visitor = await browser.newContext({
      viewport: size.viewport,
      isMobile: size.isMobile,
      hasTouch: size.isMobile,
    });
    try {
      const fresh = uniqueTitle('New host outing');
      await createAuctionViaApi(newcomer.context.request, {
        title: fresh,
        endTime: new Date((await serverNow(host.context.request)) + 5 * MINUTE).toISOString(),
      });
      const chooseBestHosts = async (page: Page, path: string) => {
        await page.goto(path);
        const order = async () => {
          const titles = await page.getByTestId('auction-card').allTextContents();
          const at = (title: string) => titles.findIndex((text) => text.includes(title));
          if (at(fresh) < 0 || at(next) < 0) return 'missing';
          return at(next) < at(fresh) ? 'host first' : 'newcomer first';
        };
        await expect.poll(order).toBe('newcomer first');
        // On a phone the filter card waits in the Filters sheet (docs/web-app.md "Phone layout").
        const filters = size.isMobile ? page.getByTestId('filters-sheet') : page.locator('main');
        if (size.isMobile) await page.getByTestId('open-filters').click();
        await filters.getByLabel('Sort by').selectOption({ label: 'Best hosts' });
        if (size.isMobile) await filters.getByRole('button', { name: 'Show results' }).click();
        await expect(page).toHaveURL(new RegExp(`${path}\\?(.*&)?sortBy=best-hosts`));
        await expect.poll(order).toBe('host first');
      };
      await chooseBestHosts(w, '/');
      await chooseBestHosts(await visitor.newPage(), '/browse');
    } finally {
      await Promise.all([newcomer.context.close(), visitor.close()]);
    }
  } finally {
    await Promise.all([host.context.close(), winner.context.close()]);
  }
}

test('a whole date on the test clock at 1440x900: win, pay, plan, Date Mode, end, the winner releases, the host is paid, both leave feedback, the reveal, the reputation', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await playTheDate(browser, DESKTOP, 'winner releases');
});

test('a whole date on the test clock on a phone (390x844): the dispute window passes, the host is paid, both leave feedback, the reveal, the reputation', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await playTheDate(browser, PHONE, 'dispute window passes');
});
