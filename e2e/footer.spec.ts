import { expect, test, type Page } from '@playwright/test';

const FOOTER_LINKS = [
  { name: 'About Us', href: '/about', heading: 'About Us' },
  { name: 'Terms of Service', href: '/terms', heading: 'Terms of Service' },
  { name: 'Privacy Policy', href: '/privacy', heading: 'Privacy Policy' },
  { name: 'FAQs', href: '/faqs', heading: 'Frequently Asked Questions' },
] as const;

const PAGES = ['/', '/about', '/privacy', '/terms', '/faqs', '/no/such/page'];

const footerOf = (page: Page) => page.getByTestId('site-footer');

for (const path of PAGES) {
  test(`footer on ${path} shows the four links and the copyright`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const footer = footerOf(page);
    await expect(footer).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(1);

    const links = footer.getByRole('navigation', { name: 'Footer' }).getByRole('link');
    await expect(links).toHaveText(FOOTER_LINKS.map((link) => link.name));
    for (const link of FOOTER_LINKS) {
      await expect(footer.getByRole('link', { name: link.name, exact: true })).toHaveAttribute('href', link.href);
    }
    // From the spec's 2025 to the current year (docs/web-app.md "Header, loading, scroll position, lists").
    const year = new Date().getFullYear();
    await expect(footer).toContainText(`© ${year > 2025 ? `2025–${year}` : '2025'} BidYourDate. All rights reserved.`);
  });
}

for (const link of FOOTER_LINKS) {
  test(`footer link ${link.name} opens its page`, async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bid Your Perfect Date');
    await footerOf(page).getByRole('link', { name: link.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${link.href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(link.heading);
    await expect(footerOf(page)).toBeVisible();
  });
}

test('footer links move between the static pages', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  for (const link of FOOTER_LINKS) {
    await footerOf(page).getByRole('link', { name: link.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${link.href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(link.heading);
    // A new page starts at its top, not at the footer where the link was.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  }
});
