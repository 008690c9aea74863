import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// Issue 38 point 8, docs/web-app.md "Filters": home and browse offer the same filters through one
// filter card (the same controls, the same choices, browse's address parameters). On home they
// are chosen, then "Show results" opens browse's results with them.

type Size = { name: string; viewport: { width: number; height: number }; isMobile: boolean };
const SIZES: Size[] = [
  { name: '1440x900', viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: '390x844', viewport: { width: 390, height: 844 }, isMobile: true },
];

/** Every control of the page's filter card: its label and, for a select, its choices. */
async function filterControls(page: Page, size: Size) {
  if (size.isMobile) await page.getByTestId('open-filters').click();
  const card = page.getByTestId('auction-filter-bar');
  await expect(card.getByLabel('Sort by')).toBeVisible();
  return card.locator('input, select').evaluateAll((elements: Array<HTMLInputElement | HTMLSelectElement>) =>
    elements.map((element) => ({
      label: element.labels?.[0]?.textContent?.trim() ?? '',
      choices: element instanceof HTMLSelectElement ? [...element.options].map((o) => `${o.value}=${o.text}`) : [],
    })),
  );
}

async function memberAt(browser: Browser, size: Size, firstName: string) {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
  });
  const member = await signUpMember(context.request, firstName, 'Filters');
  return { member, context, page: await context.newPage() };
}

for (const size of SIZES) {
  test(`home and browse offer the same filters, and home's open browse's results (${size.name})`, async ({
    browser,
  }) => {
    const { context, page } = await memberAt(browser, size, 'Flora');
    try {
      const dinner = uniqueTitle('Filters dinner');
      const coffee = uniqueTitle('Filters coffee');
      await createAuctionViaApi(context.request, { title: dinner, dateType: 'dinner' });
      await createAuctionViaApi(context.request, { title: coffee, dateType: 'coffee' });

      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Live Auctions' })).toBeVisible();
      const onHome = await filterControls(page, size);
      expect(onHome.map((c) => c.label)).toEqual([
        'Search auctions',
        'Date type',
        'Distance',
        'Price range',
        'Sort by',
      ]);

      await page.goto('/browse');
      await expect(page.getByRole('heading', { level: 1, name: 'Browse Auctions' })).toBeVisible();
      expect(await filterControls(page, size)).toEqual(onHome);

      // Chosen on home, shown on browse: the address carries them and the results follow them.
      await page.goto('/');
      if (size.isMobile) await page.getByTestId('open-filters').click();
      const card = page.getByTestId('auction-filter-bar');
      await card.getByLabel('Date type').selectOption('dinner');
      await card.getByLabel('Sort by').selectOption({ label: 'Best hosts' });
      const where = size.isMobile ? page.getByTestId('filters-sheet') : card;
      await where.getByRole('button', { name: 'Show results' }).click();
      await expect(page).toHaveURL(/\/browse\?/);
      await expect(page).toHaveURL(/[?&]dateType=dinner/);
      await expect(page).toHaveURL(/[?&]sortBy=best-hosts/);
      const cards = page.getByTestId('auction-card');
      await expect(cards.filter({ hasText: dinner })).toBeVisible();
      await expect(cards.filter({ hasText: coffee })).toHaveCount(0);
      if (size.isMobile) await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
      else {
        await expect(page.getByTestId('auction-filter-bar').getByLabel('Date type')).toHaveValue('dinner');
        await expect(page.getByTestId('auction-filter-bar').getByLabel('Sort by')).toHaveValue('best-hosts');
      }
    } finally {
      await context.close();
    }
  });
}
