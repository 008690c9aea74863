import { expect, test } from '@playwright/test';
test('any unknown path shows the not-found page with the footer', async ({ page }) => {
    await page.goto('/this/path/does/not/exist');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page.getByTestId('site-footer')).toBeVisible();
});
