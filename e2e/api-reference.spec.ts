import { expect, test } from '@playwright/test';

// The published API (docs/architecture.md, "Endpoints"): the reference page at /api/docs renders
// the OpenAPI document in the browser under the page's own security policy, at both sizes,
// listing the endpoints with their names and summaries.

for (const size of [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`the API reference page lists the endpoints (${size.name})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: size.viewport });
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') blocked.push(message.text());
    });
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /BidYourDate API/ })).toBeVisible();
    const savedSearches = page.locator('.opblock').filter({ hasText: '/api/saved-searches/{id}' });
    await expect(savedSearches.first()).toContainText('Delete one of the member’s saved searches.');
    await expect(page.locator('.opblock-tag', { hasText: 'health' })).toBeVisible();
    expect(blocked.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
    await context.close();
  });
}
