import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { signUpMember } from './support/accounts';

// Issue 38 point 8, "home and browse offer different filters" (docs/web-app.md "Filters"): the
// signed-in home feed and the visitors' browse page show one filter card, the same controls in
// the same order, with the same labels and layout, each offering its own spec list
// (docs/product.md §2) word for word, under the same address names where they share a filter.

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
] as const;
type Size = (typeof SIZES)[number];

const CONTROL_LABELS = ['Location', 'Date type', 'Price range', 'Sort by'];

const DATE_TYPES = [
  { value: 'all', label: 'All types' },
  { value: 'coffee', label: 'Coffee' },
  { value: 'dinner', label: 'Dinner' },
  { value: 'activity', label: 'Activity' },
];

/** docs/product.md §2 "Home page (signed in)", and "Best hosts" (docs/the-date.md). */
const HOME_OPTIONS = {
  Location: [
    { value: '25', label: 'Within 25 miles' },
    { value: '50', label: 'Within 50 miles' },
    { value: '100', label: 'Within 100 miles' },
    { value: 'any', label: 'Any distance' },
  ],
  'Date type': DATE_TYPES,
  'Price range': [
    { value: 'any', label: 'Any price' },
    { value: 'under-50', label: 'Under $50' },
    { value: '50-100', label: '$50 - $100' },
    { value: 'over-100', label: 'Over $100' },
  ],
  'Sort by': [
    { value: 'ending-soon', label: 'Ending Soon' },
    { value: 'most-popular', label: 'Most Popular' },
    { value: 'newest', label: 'Newest' },
    { value: 'price-low', label: 'Price: Low to High' },
    { value: 'best-hosts', label: 'Best hosts' },
  ],
};

/** docs/product.md §2 "Public browse page", and "Best hosts" (docs/the-date.md). */
const BROWSE_OPTIONS = {
  Location: [
    { value: '5', label: 'Within 5 miles' },
    { value: '10', label: 'Within 10 miles' },
    { value: '25', label: 'Within 25 miles' },
    { value: '50', label: 'Within 50 miles' },
    { value: '100', label: 'Within 100 miles' },
    { value: 'any', label: 'Any distance' },
  ],
  'Date type': DATE_TYPES,
  'Price range': [
    { value: 'any', label: 'Any price' },
    { value: '0-25', label: '$0 - $25' },
    { value: '25-50', label: '$25 - $50' },
    { value: '50-100', label: '$50 - $100' },
    { value: '100+', label: '$100+' },
  ],
  'Sort by': [
    { value: 'ending-soon', label: 'Ending Soon' },
    { value: 'newest', label: 'Newest' },
    { value: 'price-low', label: 'Price: Low to High' },
    { value: 'price-high', label: 'Price: High to Low' },
    { value: 'best-hosts', label: 'Best hosts' },
  ],
};

interface FilterControl {
  label: string;
  box: { x: number; y: number; width: number; height: number };
  options: Array<{ value: string; label: string }>;
}

/** The page's filter card: in place on a desktop, in the "Filters (n)" sheet on a phone. */
async function openFilterCard(page: Page, size: Size): Promise<Locator> {
  if (!size.isMobile) return page.getByRole('main');
  await page.getByTestId('open-filters').click();
  const sheet = page.getByTestId('filters-sheet');
  await expect(sheet).toBeVisible();
  return sheet;
}

/** Every select of the card: its label, where it stands and what it offers, in document order. */
async function filterControls(card: Locator): Promise<FilterControl[]> {
  const selects = card.locator('select');
  await expect(selects.first()).toBeVisible();
  const controls: FilterControl[] = [];
  for (const select of await selects.all()) {
    const described = await select.evaluate((element: HTMLSelectElement) => ({
      label: element.labels?.[0]?.textContent?.trim() ?? '',
      options: [...element.options].map((option) => ({ value: option.value, label: option.text })),
    }));
    controls.push({ ...described, box: (await select.boundingBox())! });
  }
  return controls;
}

/** Where each control stands relative to the first: the layout, whatever the card's offset on the page. */
const relativeLayout = (controls: FilterControl[]) =>
  controls.map(({ label, box }) => ({
    label,
    dx: Math.round(box.x - controls[0]!.box.x),
    dy: Math.round(box.y - controls[0]!.box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  }));

/** The same choice in each filter both pages offer, and the address names it is kept under. */
async function chooseSharedValues(page: Page, card: Locator) {
  await card.getByLabel('Location', { exact: true }).selectOption('50');
  await card.getByLabel('Date type', { exact: true }).selectOption('dinner');
  await card.getByLabel('Price range', { exact: true }).selectOption('50-100');
  await card.getByLabel('Sort by', { exact: true }).selectOption('newest');
  await expect(page).toHaveURL(/[?&]sortBy=newest/);
  const params = new URL(page.url()).searchParams;
  return Object.fromEntries([...params.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

async function signedInHome(browser: Browser, size: Size) {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
  });
  await signUpMember(context.request, 'Filo', 'Tester');
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Bid Your Perfect Date' })).toBeVisible();
  return { context, page };
}

async function signedOutBrowse(browser: Browser, size: Size) {
  const context = await browser.newContext({
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
  });
  const page = await context.newPage();
  await page.goto('/browse');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Auctions' })).toBeVisible();
  return { context, page };
}

for (const size of SIZES) {
  test(`home and browse show one filter card, each with its own options (${size.viewport.width}x${size.viewport.height})`, async ({
    browser,
  }) => {
    const home = await signedInHome(browser, size);
    const browse = await signedOutBrowse(browser, size);
    try {
      const homeCard = await openFilterCard(home.page, size);
      const browseCard = await openFilterCard(browse.page, size);
      const homeControls = await filterControls(homeCard);
      const browseControls = await filterControls(browseCard);

      // The same controls, in the same order, with the same labels.
      expect(homeControls.map((control) => control.label)).toEqual(CONTROL_LABELS);
      expect(browseControls.map((control) => control.label)).toEqual(CONTROL_LABELS);

      // The same layout: one row of four on a desktop, one column on a phone, the same sizes.
      expect(relativeLayout(browseControls)).toEqual(relativeLayout(homeControls));
      const [first, second, third, fourth] = homeControls.map((control) => control.box);
      if (size.isMobile) {
        expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
        expect(third!.y).toBeGreaterThan(second!.y + second!.height - 1);
        expect(fourth!.y).toBeGreaterThan(third!.y + third!.height - 1);
      } else {
        for (const box of [second, third, fourth]) expect(Math.round(box!.y)).toBe(Math.round(first!.y));
        expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
        expect(third!.x).toBeGreaterThan(second!.x + second!.width - 1);
        expect(fourth!.x).toBeGreaterThan(third!.x + third!.width - 1);
      }

      // Each page offers its own spec list, word for word.
      for (const control of homeControls) {
        expect(control.options, `home ${control.label}`).toEqual(
          HOME_OPTIONS[control.label as keyof typeof HOME_OPTIONS],
        );
      }
      for (const control of browseControls) {
        expect(control.options, `browse ${control.label}`).toEqual(
          BROWSE_OPTIONS[control.label as keyof typeof BROWSE_OPTIONS],
        );
      }
      // The defaults: any distance at home, 25 miles on browse (docs/product.md §2).
      await expect(homeCard.getByLabel('Location', { exact: true })).toHaveValue('any');
      await expect(browseCard.getByLabel('Location', { exact: true })).toHaveValue('25');

      // A filter both pages offer is kept in the address under the same name on both.
      const expected = { dateType: 'dinner', location: '50', priceRange: '50-100', sortBy: 'newest' };
      expect(await chooseSharedValues(home.page, homeCard)).toEqual(expected);
      expect(await chooseSharedValues(browse.page, browseCard)).toEqual(expected);
    } finally {
      await Promise.all([home.context.close(), browse.context.close()]);
    }
  });
}
