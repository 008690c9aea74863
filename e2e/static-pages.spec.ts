import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

interface StaticPageCase {
  path: string;
  heading: string;
  /** Exact sentences (or parts of them) each page must state; docs/product.md §1. */
  facts: string[];
}

const CASES: StaticPageCase[] = [
  {
    path: '/about',
    heading: 'About Us',
    facts: [
      'Every member must be 18 or older.',
      'Identity is verified through a partner',
      'All dates are public and non-sexual.',
      'Our target for reviewing reports is 24 hours.',
      'Bidders are charged only if they win',
      '10% of successful bids',
    ],
  },
  {
    path: '/privacy',
    heading: 'Privacy Policy',
    facts: [
      'Effective September 22, 2025',
      'Identity is verified through a partner',
      'We keep verification data for 30 days',
      'Verification data is kept for 30 days.',
      'Inactive accounts are deleted after 12 months.',
      'We answer rights requests within 30-45 days.',
    ],
  },
  {
    path: '/terms',
    heading: 'Terms of Service',
    facts: [
      'You must be 18 or older',
      'All dates are public and non-sexual',
      'Bidders are charged only if they win.',
      'The service fee is 10% of successful bids.',
      'Funds are held in escrow',
      'The share of the winning bid that transfers to the host depends on the agreed length of the date.',
      'Refunds take 7-10 days',
      'If the date goes badly, you can request a refund.',
      'Our target is to review every report within 24 hours',
      'Identity is verified through a partner',
    ],
  },
  {
    path: '/faqs',
    heading: 'Frequently Asked Questions',
    facts: [
      'you must be 18 or older',
      'Identity is verified through a partner',
      'All dates are public and non-sexual.',
      'Bidders are charged only if they win.',
      'The service fee is 10% of successful bids.',
      'Funds are held in escrow',
      'The share of the winning bid that transfers to the host depends on the agreed length of the date.',
      'Refunds take 7-10 days',
      'You can request a refund if the date goes badly.',
      'Date Mode lets you track the outing while it happens.',
      'Our target for reviewing reports is 24 hours.',
      'We keep verification data for 30 days',
      'Inactive accounts are deleted after 12 months.',
      'We answer rights requests within 30-45 days.',
      "The first bid can match the host's starting bid. After that, each bid must be at least $1 more than the current bid.",
      'you can skip the bidding: after you confirm, the auction ends at once and you win at the Buy Now price.',
      // The browser tests run with SOFT_CLOSE_SECONDS=0 (playwright.config.ts), so the soft-close answer says so.
      'Auctions end exactly at their end time; a late bid does not extend them.',
    ],
  },
];

/** Opens every FAQ answer, as a reader would, so the facts are checked where they can be seen. */
async function openAllFaqs(page: Page) {
  const summaries = page.getByRole('main').locator('details > summary');
  const count = await summaries.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) await summaries.nth(index).click();
  await expect(page.locator('details:not([open])')).toHaveCount(0);
}

for (const { path, heading, facts } of CASES) {
  test.describe(path, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });

    test(`states the facts of docs/product.md §1`, async ({ page }) => {
      if (path === '/faqs') await openAllFaqs(page);
      const main = page.getByRole('main');
      for (const fact of facts) {
        const text = main.getByText(fact);
        await expect(text, fact).not.toHaveCount(0);
        await expect(text.first(), fact).toBeVisible();
      }
    });

    test('has a link back home that works', async ({ page }) => {
      await page.getByRole('link', { name: 'Back to home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bid Your Perfect Date');
    });

    test('has a page title and no serious or critical accessibility violations', async ({ page }) => {
      await expect(page).toHaveTitle(`${heading} | BidYourDate`);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(serious).toEqual([]);
    });
  });
}

test('FAQs are grouped by topic and open and close like disclosures', async ({ page }) => {
  await page.goto('/faqs');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    'Getting started',
    'Bidding and payments',
    'Your date and your money',
    'Safety and trust',
    'Privacy',
  ]);

  const question = main.getByText('What is Date Mode?');
  const answer = main.getByText('Date Mode lets you track the outing while it happens.');
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
  await question.click();
  await expect(answer).toBeHidden();

  // Keyboard users open a question with Enter.
  const refundQuestion = main.locator('summary', { hasText: 'Can I get a refund if the date goes badly?' });
  await refundQuestion.focus();
  await page.keyboard.press('Enter');
  await expect(main.getByText('Refunds take 7-10 days')).toBeVisible();
});

test('Privacy Policy shows the effective date at the top', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByText('Effective September 22, 2025', { exact: true })).toBeVisible();
});
