import { expect, test } from '@playwright/test';

// docs/product.md §2 route table: logged-out visitors who open a signed-in page are sent to sign in.
for (const path of ['/create-auction', '/messages', '/search?q=coffee']) {
  test(`a logged-out visitor opening ${path} is sent to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('a logged-out visitor opening /profile goes through /api/login to the sign-in screen', async ({ page }) => {
  const visited: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) visited.push(new URL(request.url()).pathname);
  });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  expect(visited).toContain('/api/login');
});

test('the public pages open without signing in', async ({ page }) => {
  for (const path of ['/', '/browse', '/login', '/about', '/privacy', '/terms', '/faqs']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path.replace('?', '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('unknown API paths answer JSON, never the web app', async ({ request }) => {
  const res = await request.get('/api/no-such-route');
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ message: 'Not found', code: 'not_found', requestId: expect.any(String) });
});
