import { expect, test, type Browser } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { signUpMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';

// Issue 35, docs/trust-and-safety.md "Reliability": a member's page is where trust is judged.
// Photo-first, name and age, verification and the reliability line, open auctions and reviews;
// Block and Report behind one menu, so from 360 px up the name never wraps into them. The state is
// set up through the API; reviews need a date played to its end, which the whole-date journey
// covers once the sandbox test clock exists (e2e/support/feedback.ts).

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function contextAt(browser: Browser, size: (typeof SIZES)[number]) {
  const phone = size.width < 640;
  return browser.newContext({ viewport: { width: size.width, height: size.height }, isMobile: phone, hasTouch: phone });
}

for (const size of SIZES) {
  test(`a member's page at ${size.width}x${size.height}: reliability, open auctions, actions in a menu`, async ({
    browser,
  }) => {
    const hostContext = await browser.newContext();
    const viewerContext = await contextAt(browser, size);
    try {
      // A long name: the heading must wrap within its own column, never under the menu.
      const host = await signUpMember(hostContext.request, 'Maximiliana-Josephine', 'Featherstonehaugh');
      const title = uniqueTitle('Profile coffee');
      await createAuctionViaApi(hostContext.request, { title });
      await signUpMember(viewerContext.request, 'Viola');
      const page = await viewerContext.newPage();
      await page.goto(`/users/${host.id}`);

      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText('Maximiliana-Josephine F., 30');
      await expect(page.getByTestId('reputation')).toHaveText('New host');
      const auctions = page.getByRole('region', { name: 'Open auctions' });
      await expect(auctions.getByRole('link', { name: new RegExp(title) })).toBeVisible();
      const reviews = page.getByRole('region', { name: 'Reviews' });
      await expect(reviews.getByText('No reviews yet.')).toBeVisible();

      // Block and Report are in the menu, not beside the name.
      await expect(page.getByRole('button', { name: 'Block' })).toBeHidden();
      const menu = page.locator('summary[aria-label^="More actions"]');
      const menuBox = await menu.boundingBox();
      const headingBox = await heading.boundingBox();
      expect(menuBox && headingBox).toBeTruthy();
      // Side by side, never overlapping: the heading ends before the menu starts.
      expect(headingBox!.x + headingBox!.width).toBeLessThanOrEqual(menuBox!.x + 0.5);
      await menu.click();
      const actions = page.getByTestId('member-actions');
      await expect(actions.getByRole('button', { name: 'Block' })).toBeVisible();
      await expect(actions.getByRole('button', { name: 'Report' })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(size.width);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await Promise.all([hostContext.close(), viewerContext.close()]);
    }
  });
}
