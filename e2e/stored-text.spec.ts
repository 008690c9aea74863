import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newModerator, newSignedInMember, type SignedInMember } from './support/accounts';
import { createAuctionViaApi, type AuctionInput } from './support/auctions';
import { screenedRandom } from './support/unique';

// Issue 10, point 6 (docs/engineering.md §5): text a member stores is shown to others as text. Hostile strings go in
// through the real API in every free-text field others see, then each page that renders them is
// opened in Chromium: no script may run, the characters must be on screen, and no element may carry
// an event-handler attribute or a javascript: URL. CSP reports in the console are collected as
// extra evidence (a blocked inline script would still mean the markup got through).

const PAYLOADS = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=window.__xss=1>',
  jsLink: '<a href="javascript:window.__xss=1">click</a>',
  template: "{{constructor.constructor('window.__xss=1')()}}",
  markdown: '[x](javascript:window.__xss=1)',
} as const;
const ALL_PAYLOADS = Object.values(PAYLOADS).join('\n');

/** What a reader must see literally somewhere on the page (a prefix of each payload is enough). */
const SEEN = {
  img: '<img src=x onerror=',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=window.__xss=1>',
  jsLink: '<a href="javascript:window.__xss=1">',
  template: "{{constructor.constructor('window.__xss=1')()}}",
  markdown: '[x](javascript:window.__xss=1)',
} as const;

/** A word only this run's auction has, so search finds it among everything other specs create. */
const token = `xssprobe${screenedRandom(10, 'listing', (run) => `xssprobe${run}`)}`;

interface Watched {
  page: Page;
  dialogs: string[];
  cspReports: string[];
  errors: string[];
}

/** Records every dialog (and dismisses it), every CSP report and every page error of `page`. */
function watch(page: Page): Watched {
  const watched: Watched = { page, dialogs: [], cspReports: [], errors: [] };
  page.on('dialog', (dialog) => {
    watched.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|run)/i.test(message.text())) {
      watched.cspReports.push(message.text());
    }
  });
  page.on('pageerror', (error) => watched.errors.push(error.message));
  return watched;
}

/** Every element attribute that could run script: on* handlers and javascript: URLs. */
async function scriptableAttributes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data']);
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) found.push(`<${element.tagName.toLowerCase()} ${name}="${attribute.value}">`);
        if (urlAttributes.has(name) && /^\s*javascript:/i.test(attribute.value)) {
          found.push(`<${element.tagName.toLowerCase()} ${name}="${attribute.value}">`);
        }
      }
    }
    // A <script> from stored text would carry the payload's body.
    for (const script of Array.from(document.querySelectorAll('script'))) {
      if (script.textContent?.includes('__xss')) found.push(`<script>${script.textContent}</script>`);
    }
    return found;
  });
}

/**
 * The page shows each expected fragment as text, and nothing stored ran or became markup.
 * `scope` narrows where the fragments are looked for (a dropdown, a chat).
 */
async function expectInert(
  watched: Watched,
  where: string,
  fragments: readonly string[],
  scope = watched.page.locator('body'),
) {
  const { page } = watched;
  for (const fragment of fragments) {
    await expect(scope.getByText(fragment, { exact: false }).first(), `${where}: shows ${fragment}`).toBeVisible();
  }
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), `${where}: window.__xss`).toBeUndefined();
  expect(await scriptableAttributes(page), `${where}: scriptable attributes`).toEqual([]);
  expect(watched.dialogs, `${where}: dialogs`).toEqual([]);
  expect(watched.cspReports, `${where}: CSP reports`).toEqual([]);
  expect(
    watched.errors.filter((e) => e.includes('__xss')),
    `${where}: page errors`,
  ).toEqual([]);
}

async function api<T>(request: APIRequestContext, method: 'POST' | 'PUT', path: string, data: unknown): Promise<T> {
  const res = await request.fetch(path, { method, data });
  expect(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Rewrites the host's profile with hostile name, bio and interests (within the contract's lengths). */
async function hostileProfile(request: APIRequestContext) {
  await api(request, 'PUT', '/api/profile', {
    firstName: PAYLOADS.img,
    lastName: PAYLOADS.svg,
    bio: ALL_PAYLOADS,
    age: 30,
    location: PAYLOADS.script,
    country: 'USA',
    zipCode: '78701',
    interests: [PAYLOADS.script, PAYLOADS.markdown],
    sex: 'female',
    openToDatesWith: ['male', 'female', 'other'],
  });
}

/** The local date and time one hour ahead, as an ISO string the plan form would send. */
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

test('stored hostile text is shown as text on every page that renders it', async ({ browser }) => {
  test.setTimeout(180_000);
  const [host, winner]: [SignedInMember, SignedInMember] = await Promise.all([
    newSignedInMember(browser, 'Hostile', 'Host'),
    newSignedInMember(browser, 'Wendy', 'Winner'),
  ]);
  const moderator = await newModerator(browser);
  try {
    // --- Store: everything through the real API, as each member ---
    await hostileProfile(host.context.request);
    const title = `${token} ${PAYLOADS.img} ${PAYLOADS.svg}`;
    const auction: AuctionInput & { paymentNotes: string } = {
      title,
      description: `${ALL_PAYLOADS}\nEnd of description.`,
      location: PAYLOADS.script,
      buyNowPrice: '100',
      paymentNotes: `${PAYLOADS.jsLink} ${PAYLOADS.template}`,
    };
    const auctionId = await createAuctionViaApi(host.context.request, auction);
    // Search lists open auctions only, and the first one is sold below: a second one stays open.
    const openTitle = `${token} open ${PAYLOADS.script} ${PAYLOADS.markdown}`;
    await createAuctionViaApi(host.context.request, { ...auction, title: openTitle });
    const bought = await winner.context.request.post(`/api/auctions/${auctionId}/buy-now`);
    expect(bought.status(), await bought.text()).toBe(200);
    const participants = [host.member.id, winner.member.id].sort().join('-');
    const conversationId = `${auctionId}-${participants}`;
    await api(winner.context.request, 'POST', '/api/messages', {
      conversationId,
      receiverId: host.member.id,
      content: PAYLOADS.template,
    });
    await api(host.context.request, 'POST', '/api/messages', {
      conversationId,
      receiverId: winner.member.id,
      content: ALL_PAYLOADS,
    });
    await api(winner.context.request, 'POST', `/api/auctions/${auctionId}/plan`, {
      place: `${PAYLOADS.img} ${PAYLOADS.markdown}`,
      startsAt: inAnHour(),
    });
    await api(winner.context.request, 'POST', '/api/reports', {
      targetType: 'auction',
      targetId: auctionId,
      reason: 'other',
      details: ALL_PAYLOADS,
    });
    await api(winner.context.request, 'POST', '/api/reports', {
      targetType: 'user',
      targetId: host.member.id,
      reason: 'fake_profile',
      details: `${PAYLOADS.script} ${PAYLOADS.jsLink}`,
    });

    const w = watch(winner.page);
    const h = watch(host.page);
    const m = watch(moderator.page);

    // --- The auction page, as the winner ---
    await winner.page.goto(`/auction/${auctionId}`);
    await expectInert(w, 'auction page', [SEEN.img, SEEN.svg, SEEN.script, SEEN.jsLink, SEEN.template, SEEN.markdown]);

    // --- Search results (not the home feed's first page: other specs create auctions in parallel) ---
    await winner.page.goto(`/search?q=${token}`);
    const results = winner.page.getByRole('tabpanel');
    await expectInert(w, 'search results', [`${token} open`, SEEN.script, SEEN.markdown], results);

    // --- The header search dropdown on the home page ---
    await winner.page.goto('/');
    await winner.page.getByLabel('Search users and auctions').fill(token);
    await expectInert(
      w,
      'home header search',
      [`${token} open`, SEEN.script],
      winner.page.getByTestId('search-dropdown'),
    );

    // --- The host's member page ---
    await winner.page.goto(`/users/${host.member.id}`);
    await expectInert(w, 'member page', [SEEN.img, SEEN.svg, SEEN.script, SEEN.template, SEEN.markdown]);

    // --- Messages and the date plan, as the winner, then as the host ---
    await winner.page.goto('/messages');
    await winner.page.getByTestId('conversation-item').filter({ hasText: SEEN.img }).click();
    await expect(winner.page.getByTestId('chat-message').first()).toBeVisible();
    await expectInert(
      w,
      'winner messages',
      [SEEN.script, SEEN.template, SEEN.markdown, SEEN.jsLink],
      winner.page.getByTestId('chat-message'),
    );
    await expectInert(
      w,
      'winner date plan',
      [SEEN.img, SEEN.markdown],
      winner.page.getByRole('region', { name: 'Date plan' }),
    );

    await host.page.goto('/messages');
    await host.page.getByTestId('conversation-item').filter({ hasText: 'Wendy' }).click();
    await expectInert(h, 'host messages', [SEEN.template, SEEN.script], host.page.getByTestId('chat-message'));
    await expectInert(h, 'host date plan', [SEEN.img], host.page.getByRole('region', { name: 'Date plan' }));

    // --- Date Mode shows the plan's place ---
    await winner.page.goto(`/auctions/${auctionId}/date`);
    await expectInert(w, 'date mode', [SEEN.img]);

    // --- Notifications: the host's (sale of the hostile title, the winner's message) and the winner's ---
    await host.page.goto('/profile');
    await host.page.getByTestId('notification-bell').click();
    await expectInert(h, 'host notifications', [token, SEEN.template], host.page.getByTestId('notification-dropdown'));
    await host.page.keyboard.press('Escape');
    await expectInert(h, 'host profile (my auctions)', [SEEN.img, SEEN.script], host.page.getByTestId('my-auction'));

    await winner.page.goto('/profile');
    await winner.page.getByTestId('notification-bell').click();
    await expectInert(w, 'winner notifications', [SEEN.img], winner.page.getByTestId('notification-dropdown'));

    // --- The moderation queue, as the moderator ---
    await moderator.page.goto('/moderation');
    const rows = moderator.page.getByTestId('report-row');
    await expectInert(
      m,
      'moderation queue (auction report)',
      [token, SEEN.jsLink, SEEN.template, SEEN.markdown],
      rows.filter({ hasText: token }),
    );
    await expectInert(
      m,
      'moderation queue (member report)',
      [SEEN.script, SEEN.img],
      rows.filter({ hasText: SEEN.jsLink }).filter({ hasText: 'Fake profile' }),
    );
  } finally {
    await Promise.all([host.context.close(), winner.context.close(), moderator.context.close()]);
  }
});
