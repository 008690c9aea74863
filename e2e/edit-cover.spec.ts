import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { newSignedInMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';
import { picture } from './support/pictures';

// docs/uploads.md "Photos": the edit dialog sets, replaces and removes an auction's cover through
// the create form's crop and upload. On a phone.

/** The JPEG variant an <img> falls back to, for a stored cover URL (docs/uploads.md). */
const variantOf = (url: string) => url.replace(/-1280\.jpg$/, '-640.jpg');

test('the host sets, replaces and removes a cover from the edit dialog', async ({ browser }) => {
  test.setTimeout(180_000);
  const host = await newSignedInMember(browser, 'Vera', 'Cover');
  try {
    const { page } = host;
    await page.setViewportSize({ width: 390, height: 844 });
    const title = uniqueTitle('Cover swap picnic');
    const auctionId = await createAuctionViaApi(page.request, { title, dateType: 'activity' });
    const coverOf = async () =>
      ((await (await page.request.get(`/api/auctions/${auctionId}`)).json()) as { coverImageUrl: string | null })
        .coverImageUrl;

    await page.goto('/profile');
    await page.getByTestId('my-auction').filter({ hasText: title }).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Auction' });
    const cover = dialog.getByTestId('edit-auction-cover');
    await expect(cover.getByRole('heading', { name: 'Cover photo' })).toBeVisible();
    await expect(cover.getByRole('button', { name: 'Remove cover photo' })).toHaveCount(0);

    const chooseCover = async (hue: number, button: 'Add cover photo' | 'Change cover photo') => {
      await cover.getByRole('button', { name: button }).click();
      const crop = page.getByRole('dialog', { name: 'Crop Cover Photo' });
      const chooser = page.waitForEvent('filechooser');
      await crop.getByRole('button', { name: 'Select Image' }).click();
      await (await chooser).setFiles({ name: `cover-${hue}.png`, mimeType: 'image/png', buffer: await picture(hue) });
      await expect(crop.locator('.reactEasyCrop_CropArea')).toBeVisible();
      const saved = page.waitForResponse(
        (r) => r.url().endsWith(`/api/auctions/${auctionId}/cover`) && r.request().method() === 'PUT',
      );
      await crop.getByRole('button', { name: 'Use as Cover' }).click();
      expect((await saved).status()).toBe(200);
      await expect(page.getByTestId('toast').filter({ hasText: 'Cover Updated' }).first()).toBeVisible();
    };

    // Set: the edit dialog stays open and shows the new cover.
    await chooseCover(30, 'Add cover photo');
    await expect(dialog).toBeVisible();
    const first = await coverOf();
    expect(first).toMatch(/^\/api\/objects\/images\/[0-9a-f-]{36}-1280\.jpg$/);
    await expect(cover.getByRole('img', { name: 'Current cover photo' })).toHaveAttribute('src', variantOf(first!));
    await expectNoSeriousA11yViolations(page);

    // Replace.
    await chooseCover(200, 'Change cover photo');
    await expect.poll(coverOf).not.toBe(first);
    const second = await coverOf();
    await expect(cover.getByRole('img', { name: 'Current cover photo' })).toHaveAttribute('src', variantOf(second!));

    // The auction page leads with it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`/auction/${auctionId}`);
    await expect(page.getByTestId('auction-cover')).toHaveAttribute('data-picture', 'cover');

    // Remove: back to the default picture (this host has no photo: the drawing of its date type).
    await page.goto('/profile');
    await page.getByTestId('my-auction').filter({ hasText: title }).getByRole('button', { name: 'Edit' }).click();
    const removed = page.waitForResponse(
      (r) => r.url().endsWith(`/api/auctions/${auctionId}/cover`) && r.request().method() === 'DELETE',
    );
    await cover.getByRole('button', { name: 'Remove cover photo' }).click();
    expect((await removed).status()).toBe(200);
    await expect(page.getByTestId('toast').filter({ hasText: 'Cover Removed' }).first()).toBeVisible();
    await expect(cover.getByRole('button', { name: 'Add cover photo' })).toBeVisible();
    await expect(cover.getByRole('img', { name: 'Current cover photo' })).toHaveCount(0);
    expect(await coverOf()).toBeNull();
    await page.goto(`/auction/${auctionId}`);
    await expect(page.getByTestId('auction-cover')).toHaveAttribute('data-picture', 'drawing');
  } finally {
    await host.context.close();
  }
});
