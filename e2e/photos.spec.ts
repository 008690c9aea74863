import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { newSignedInMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';
import { picture } from './support/pictures';

// docs/uploads.md "Photos": profile photos, auction covers, the default picture rule.

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/**
 * A small PNG of the phone screen for a human look, in this test's output folder (ignored by git):
 * `npm test` changes no tracked file; docs/screens/ changes only under `npm run screens`.
 */
async function screenshot(page: Page, name: string) {
  const png = await page.screenshot();
  await sharp(png)
    .png({ palette: true, quality: 60, compressionLevel: 9 })
    .toFile(test.info().outputPath(`${name}.png`));
}

async function addPhotoThroughCrop(page: Page, hue: number) {
  await page.getByRole('button', { name: 'Add photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crop Profile Picture' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Select Image' }).click();
  await (await chooser).setFiles({ name: `photo-${hue}.png`, mimeType: 'image/png', buffer: await picture(hue) });
  await expect(dialog.locator('.reactEasyCrop_CropArea')).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile/photos') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save Profile Picture' }).click();
  expect((await saved).status()).toBe(201);
}

/** The upload flow through the real routes: a URL, the PUT, then the cover. */
async function setCoverViaApi(request: APIRequestContext, auctionId: string, hue: number) {
  const grant = await request.post('/api/objects/upload');
  const { uploadURL } = (await grant.json()) as { uploadURL: string };
  const put = await request.put(uploadURL, { data: await picture(hue), headers: { 'content-type': 'image/png' } });
  expect(put.status()).toBe(200);
  const cover = await request.put(`/api/auctions/${auctionId}/cover`, { data: { imageURL: uploadURL.split('?')[0] } });
  expect(cover.status(), await cover.text()).toBe(200);
}

for (const size of SIZES) {
  test(`photos lead cards and auction pages (${size.name})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const host = await newSignedInMember(browser, 'Phoebe', 'Photos');
    const plain = await newSignedInMember(browser, 'Noel', 'Nophoto');
    try {
      const { page } = host;
      await page.setViewportSize(size.viewport);

      // Two photos, each cropped; then the second is moved first and becomes the main one.
      await page.goto('/profile');
      await addPhotoThroughCrop(page, 40);
      await addPhotoThroughCrop(page, 160);
      const items = page.getByTestId('profile-photos').getByRole('listitem');
      await expect(items).toHaveCount(2);
      await expect(items.first().getByText('Main')).toBeVisible();
      const secondId = await items.nth(1).getAttribute('data-photo-id');
      const reordered = page.waitForResponse((r) => r.url().endsWith('/api/profile/photos/order'));
      await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
      expect((await reordered).status()).toBe(200);
      await expect(items.first()).toHaveAttribute('data-photo-id', secondId!);
      await expect(items.first().getByText('Main')).toBeVisible();
      const me = (await (await page.request.get('/api/auth/user')).json()) as { profileImageUrl: string };
      expect(me.profileImageUrl).toBe(`/api/objects/images/${secondId}-1280.jpg`);
      // The profile's avatar shows the new main photo.
      await expect(page.getByRole('img', { name: /profile picture/ })).toHaveAttribute('src', me.profileImageUrl);
      if (size.name === 'phone') await screenshot(page, 'profile-photos-phone');

      // Three auctions, ending soon so they lead the list: with a cover, without one, and by a host with no photos.
      const soon = () => new Date(Date.now() + 30 * 60_000).toISOString();
      const coverTitle = uniqueTitle('Covered coffee');
      const coverId = await createAuctionViaApi(page.request, { title: coverTitle, endTime: soon() });
      await setCoverViaApi(page.request, coverId, 220);
      const hostTitle = uniqueTitle('Host photo dinner');
      await createAuctionViaApi(page.request, { title: hostTitle, dateType: 'dinner', endTime: soon() });
      const drawnTitle = uniqueTitle('Drawn activity');
      await createAuctionViaApi(plain.page.request, { title: drawnTitle, dateType: 'activity', endTime: soon() });

      await page.goto('/');
      const cardOf = (title: string) => page.getByTestId('auction-card').filter({ hasText: title });
      const coverOf = (title: string) => cardOf(title).getByTestId('auction-cover');
      await expect(coverOf(coverTitle)).toHaveAttribute('data-picture', 'cover');
      await expect(coverOf(hostTitle)).toHaveAttribute('data-picture', 'host');
      await expect(coverOf(hostTitle).locator('img')).toHaveAttribute(
        'srcset',
        new RegExp(`${secondId}-320\\.jpg 320w`),
      );
      await expect(coverOf(drawnTitle)).toHaveAttribute('data-picture', 'drawing');
      await expect(coverOf(drawnTitle).locator('img')).toHaveAttribute('src', '/covers/activity.svg');
      for (const title of [coverTitle, hostTitle, drawnTitle]) {
        const img = coverOf(title).locator('img');
        await img.scrollIntoViewIfNeeded();
        // Loaded, decoded and drawn at the reserved size: nothing jumps.
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
        const box = await coverOf(title).boundingBox();
        expect(Math.abs(box!.width / box!.height - 4 / 3)).toBeLessThan(0.02);
      }
      // A browser that reads AVIF picks the AVIF variant.
      const chosen = await coverOf(coverTitle)
        .locator('img')
        .evaluate((el: HTMLImageElement) => el.currentSrc);
      expect(chosen).toMatch(/-(320|640|1280)\.avif$/);
      if (size.name === 'phone') {
        await cardOf(coverTitle).scrollIntoViewIfNeeded();
        await screenshot(page, 'auction-card-cover-phone');
      }

      // The auction page leads with the cover, loaded at once.
      await page.goto(`/auction/${coverId}`);
      const pageCover = page.getByTestId('auction-cover');
      await expect(pageCover).toHaveAttribute('data-picture', 'cover');
      await expect(pageCover.locator('img')).toHaveAttribute('loading', 'eager');
      await expect(pageCover.locator('img')).toHaveAttribute('fetchpriority', 'high');
      await expect
        .poll(() => pageCover.locator('img').evaluate((el: HTMLImageElement) => el.naturalWidth))
        .toBeGreaterThan(0);
      if (size.name === 'phone') await screenshot(page, 'auction-page-cover-phone');
    } finally {
      await host.context.close();
      await plain.context.close();
    }
  });
}

test('an unknown path answers 404 and shows the not-found page', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  const robots = await page.request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('Disallow: /api/');
});
