import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// playwright.config.ts starts the server with the caller's environment; without WAITLIST_URL
// the server's default form is used (apps/server/src/config/env.ts).
const WAITLIST_URL = process.env.WAITLIST_URL ?? '/login?mode=signup';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('hero shows the heading, a subtitle and the top bar links', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bid Your Perfect Date');
  await expect(page.getByText('Auction a fun, platonic outing')).toBeVisible();

  const siteNav = page.getByRole('navigation', { name: 'Site' });
  await expect(siteNav.getByRole('link', { name: 'Browse Auctions' })).toHaveAttribute('href', '/browse');
  await expect(siteNav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('banner').getByRole('link', { name: 'BidYourDate home' })).toHaveAttribute('href', '/');
});

for (const label of ['Join Waitlist', 'Join Now']) {
  test(`${label} opens the waitlist form in a new tab`, async ({ page, context }) => {
    const link = page.getByRole('link', { name: `${label} (opens in a new tab)` });
    await expect(link).toHaveCount(1);
    await expect(link).toContainText(label);
    await expect(link).toHaveAttribute('href', WAITLIST_URL);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const [newTab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(newTab).toHaveURL(new URL(WAITLIST_URL, page.url()).href);
    // The landing page itself stays where it was.
    await expect(page).toHaveURL(/\/$/);
  });
}

test('three feature cards', async ({ page }) => {
  const features = page.getByRole('region', { name: 'Why BidYourDate' });
  await expect(features.getByRole('heading', { level: 3 })).toHaveText([
    'Live Bidding',
    'Secure Messaging',
    'Date Verification',
  ]);
});

test('three sample featured dates, completed and won, with bids and a five-star note', async ({ page }) => {
  const featured = page.getByRole('region', { name: 'Featured Dates' });
  await expect(featured.getByRole('heading', { level: 2 })).toHaveText('Featured Dates');
  await expect(featured).toContainText('These sample profiles are illustrations, not real members.');

  const expected = [
    { kind: 'activity', label: 'Activity date', bid: '$110', bids: '15 bids' },
    { kind: 'dinner', label: 'Dinner date', bid: '$65', bids: '12 bids' },
    { kind: 'coffee', label: 'Coffee date', bid: '$35', bids: '18 bids' },
  ];
  const cards = featured.locator('[data-testid^="sample-date-"]');
  await expect(cards).toHaveCount(3);

  for (const [index, sample] of expected.entries()) {
    const card = cards.nth(index);
    await expect(card).toHaveAttribute('data-testid', `sample-date-${sample.kind}`);
    await expect(card).toContainText(sample.label);
    await expect(card).toContainText('Example');
    await expect(card.getByRole('list', { name: 'Auction status' }).getByRole('listitem')).toHaveText([
      'Completed',
      'Won',
    ]);
    await expect(card.getByText(sample.bid, { exact: true })).toBeVisible();
    await expect(card.getByText(sample.bids, { exact: true })).toBeVisible();
    const stars = card.getByRole('img', { name: 'Rated 5 out of 5' });
    await expect(stars).toBeVisible();
    await expect(stars.locator('svg')).toHaveCount(5);
    await expect(card.locator('blockquote')).not.toBeEmpty();
  }
});

test('How It Works has three numbered steps', async ({ page }) => {
  const section = page.locator('#how-it-works');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('How It Works');
  const steps = section.getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(section.getByRole('heading', { level: 3 })).toHaveText([
    'Step 1: Create your profile',
    'Step 2: Browse and bid',
    'Step 3: Win and connect',
  ]);
  for (const [index, step] of ['1', '2', '3'].entries()) {
    await expect(steps.nth(index)).toContainText(step);
  }
});

test('closing call to action', async ({ page }) => {
  const cta = page.getByRole('region', { name: 'Ready for your next great outing?' });
  await expect(cta.getByRole('link', { name: /^Join Now/ })).toBeVisible();
});

test('Learn More scrolls smoothly to How It Works', async ({ page }) => {
  const section = page.locator('#how-it-works');
  await expect(section).not.toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByRole('button', { name: 'Learn More' }).click();

  await expect(section).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect(section).toBeFocused();
});

test('headings go in order, h1 then h2 then h3', async ({ page }) => {
  const levels = await page
    .locator('main')
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  for (let index = 1; index < levels.length; index += 1) {
    expect(levels[index]! - levels[index - 1]!).toBeLessThanOrEqual(1);
  }
});

test('has no serious or critical accessibility violations', async ({ page }) => {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious).toEqual([]);
});
