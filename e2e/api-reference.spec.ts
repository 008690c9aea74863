import { expect, test } from '@playwright/test';

// The published API (docs/architecture.md, "Endpoints"): the reference page at /api/docs renders
// the OpenAPI document in the browser under the page's own security policy, at both sizes. It
// renders the operations as the reader scrolls, so the journey opens them by their deep links
// (`#/<tag>/<endpoint name>`): the first endpoint registered, one in the middle, and the last.

const OPERATIONS = [
  { tag: 'health', name: 'getHealth', summary: 'The database and the photo classifier, as an operator sees them.' },
  { tag: 'saved-searches', name: 'deleteSavedSearch', summary: 'Delete one of the member’s saved searches.' },
  { tag: 'sandbox', name: 'advanceSandboxClock', summary: "Move the app's clock forward." },
];

for (const size of [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`the API reference page shows each endpoint (${size.name})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: size.viewport });
    const refused: string[] = [];
    for (const { tag, name, summary } of OPERATIONS) {
      // A fresh load each time: the page follows a deep link when it opens, not on a hash change.
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused/.test(message.text())) {
          refused.push(message.text());
        }
      });
      await page.goto(`/api/docs#/${tag}/${name}`);
      await expect(page.getByRole('heading', { name: /BidYourDate API/ })).toBeVisible();
      const operation = page.locator(`#operations-${tag}-${name}`);
      await expect(operation).toBeVisible();
      await expect(operation).toContainText(summary);
      await page.close();
    }
    expect(refused).toEqual([]);
    await context.close();
  });
}
