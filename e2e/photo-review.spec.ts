import { IN_REVIEW_EXPLANATION, IN_REVIEW_LABEL } from '@bid/contract';
import { expect, test, type Page } from '@playwright/test';
import { newModerator, newSignedInMember } from './support/accounts';
import { createAuctionViaApi, uniqueTitle } from './support/auctions';
import { picture } from './support/pictures';
import { uniqueName } from './support/unique';

// docs/trust-and-safety.md "Screening" (Photos), docs/uploads.md: a photo the image model holds is
// seen by its owner with "In review" and by nobody else, until a moderator approves it. This spec
// runs on its own server (the `photo-review` project of playwright.config.ts), whose
// PHOTO_HOLD_THRESHOLDS of Porn=0 holds every photo: no explicit image ships with the repository.

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Adds a profile photo through the crop dialog, as a member does; answers the saved photo's id. */
async function addPhotoThroughCrop(page: Page, hue: number): Promise<string> {
  await page.getByRole('button', { name: 'Add photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crop Profile Picture' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Select Image' }).click();
  await (await chooser).setFiles({ name: `photo-${hue}.png`, mimeType: 'image/png', buffer: await picture(hue) });
  await expect(dialog.locator('.reactEasyCrop_CropArea')).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile/photos') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save Profile Picture' }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  await expect(dialog).toBeHidden();
  const { photos } = (await response.json()) as { photos: { id: string; inReview: boolean }[] };
  expect(photos).toHaveLength(1);
  expect(photos[0]!.inReview).toBe(true);
  return photos[0]!.id;
}

for (const size of SIZES) {
  test(`a held profile photo is seen only by its owner until a moderator approves it (${size.name})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const owner = await newSignedInMember(browser, uniqueName('Hollis'), 'Held');
    const visitor = await newSignedInMember(browser, uniqueName('Vera'), 'Visitor');
    const moderator = await newModerator(browser, { viewport: size.viewport });
    try {
      await owner.page.setViewportSize(size.viewport);
      await visitor.page.setViewportSize(size.viewport);

      // The owner adds a photo; the model's scores reach this server's threshold, so it is held.
      await owner.page.goto('/profile');
      const photoId = await addPhotoThroughCrop(owner.page, 90);
      const ownPhoto = owner.page.getByTestId('profile-photos').getByRole('listitem');
      await expect(ownPhoto).toHaveCount(1);
      await expect(ownPhoto).toHaveAttribute('data-photo-id', photoId);
      const badge = ownPhoto.getByTestId('photo-in-review');
      await expect(badge).toHaveText(IN_REVIEW_LABEL);
      await expect(badge).toHaveAttribute('title', IN_REVIEW_EXPLANATION);
      await expect(ownPhoto.getByRole('img', { name: 'Your main photo' })).toBeVisible();

      // Its files answer its owner privately, and nobody else.
      const imageUrl = `/api/objects/images/${photoId}-640.jpg`;
      const ownView = await owner.context.request.get(imageUrl);
      expect(ownView.status()).toBe(200);
      expect(ownView.headers()['cache-control']).toBe('private, no-store');
      expect((await visitor.context.request.get(imageUrl)).status()).toBe(404);
      // Not the main picture while held: every card and page shows the first photo not in review.
      const ownerUser = (await (await owner.context.request.get('/api/auth/user')).json()) as {
        profileImageUrl: string | null;
      };
      expect(ownerUser.profileImageUrl).toBeNull();

      // The visitor sees neither on the member page nor on the owner's auction card.
      const title = uniqueTitle('Held photo coffee');
      await createAuctionViaApi(owner.context.request, {
        title,
        dateType: 'coffee',
        endTime: new Date(Date.now() + 30 * 60_000).toISOString(),
      });
      await visitor.page.goto(`/users/${owner.member.id}`);
      await expect(visitor.page.getByRole('heading', { level: 1 })).toContainText(owner.member.firstName);
      await expect(visitor.page.getByRole('img', { name: /'s photo/ })).toHaveCount(0);
      await visitor.page.goto('/');
      const cover = visitor.page.getByTestId('auction-card').filter({ hasText: title }).getByTestId('auction-cover');
      await expect(cover).toHaveAttribute('data-picture', 'drawing');

      // The moderator finds it in the held queue, with the model's scores, and approves it.
      await moderator.page.goto('/moderation');
      const item = moderator.page.getByTestId('held-item').filter({ hasText: `Photo by ${owner.member.firstName}` });
      await expect(item).toHaveCount(1);
      await expect(item.getByText('Profile photo', { exact: true })).toBeVisible();
      await expect(item.getByRole('img', { name: 'The held photo' })).toHaveAttribute(
        'src',
        `/api/objects/images/${photoId}-320.jpg`,
      );
      await expect(item.getByLabel('Image model scores')).toContainText('Porn');
      await item.getByLabel('Reasons (the member reads them)').fill('A friendly portrait.');
      const decided = moderator.page.waitForResponse(
        (r) => r.url().endsWith(`/api/moderation/held/photos/${photoId}/decide`) && r.request().method() === 'POST',
      );
      await item.getByRole('button', { name: 'Approve' }).click();
      expect((await decided).status()).toBe(200);
      await expect(item).toHaveCount(0);

      // Now everyone sees it: the member page, the card, its files (publicly cacheable again).
      await visitor.page.goto(`/users/${owner.member.id}`);
      const mainPhoto = visitor.page.getByRole('img', { name: /'s photo$/ });
      await expect(mainPhoto).toHaveAttribute('src', `/api/objects/images/${photoId}-1280.jpg`);
      await expect
        .poll(() => mainPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const publicView = await visitor.context.request.get(imageUrl);
      expect(publicView.status()).toBe(200);
      expect(publicView.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      await visitor.page.goto('/');
      await expect(cover).toHaveAttribute('data-picture', 'host');
      await expect(cover.locator('img')).toHaveAttribute('srcset', new RegExp(`${photoId}-320\\.jpg 320w`));

      // The owner's badge is gone.
      await owner.page.reload();
      await expect(ownPhoto).toHaveAttribute('data-photo-id', photoId);
      await expect(ownPhoto.getByTestId('photo-in-review')).toHaveCount(0);
    } finally {
      await Promise.all([owner.context.close(), visitor.context.close(), moderator.context.close()]);
    }
  });
}
