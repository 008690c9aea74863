import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { newSignedInMember } from './support/accounts';

// docs/product.md §2 and §4 "Profile picture dialog", §5 file checks, §7 upload flow, §8 toasts, §9 crop
// constants; docs/engineering.md §5: the saved picture keeps no EXIF/GPS.

const MB = 1024 * 1024;
const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

/** A photo-like PNG (not one flat colour) that carries a camera's GPS position in its EXIF. */
async function pngWithGps(): Promise<Buffer> {
  const width = 900;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = (x ^ y) & 0xff;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'E2E Camera', Copyright: 'e2e' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 16/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '97/1 44/1 2/1',
      },
    })
    .png()
    .toBuffer();
}

async function openPictureDialog(page: Page) {
  await page.goto('/profile');
  await expect(page.getByTestId('page-profile')).toBeVisible();
  await page.getByRole('button', { name: 'Upload photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crop Profile Picture' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function pick(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Select Image' }).click();
  await (await chooser).setFiles(file);
}

test('a member crops and saves a profile picture; the saved JPEG has no EXIF or GPS', async ({ browser }) => {
  test.setTimeout(90_000);
  const { member, context, page } = await newSignedInMember(browser, 'Piper', 'Picture');
  try {
    const photo = await pngWithGps();
    // The file really carries EXIF with the camera and its GPS block (GPSLatitudeRef 'N').
    const exif = (await sharp(photo).metadata()).exif?.toString('latin1') ?? '';
    expect(exif).toContain('E2E Camera');
    expect(exif).toContain('N\u0000');

    const dialog = await openPictureDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Select Profile Picture' })).toBeVisible();
    await expect(dialog.getByText('Choose an image to crop for your profile picture')).toBeVisible();
    await expect(dialog.getByText('Supported formats: JPG, PNG, GIF • Max size: 5MB')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await pick(page, { name: 'holiday.png', mimeType: 'image/png', buffer: photo });
    await expect(dialog.locator('.reactEasyCrop_CropAreaRound')).toBeVisible();
    await expect(dialog.locator('.reactEasyCrop_CropAreaGrid')).toHaveCount(0);
    await expect(dialog.getByTestId('zoom-readout')).toHaveText('100%');
    await expect(
      dialog.getByText('Drag to position • Use slider to zoom • Image will be cropped to a circle'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const zoom = dialog.getByLabel('Zoom');
    await zoom.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(dialog.getByTestId('zoom-readout')).toHaveText('150%');
    await expect(zoom).toHaveValue('1.5');

    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/profile/image') && res.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'Save Profile Picture' }).click();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Profile Image Updated')).toBeVisible();

    const avatar = page.getByRole('img', { name: `${member.firstName} ${member.lastName}'s profile picture` });
    await expect(avatar).toHaveAttribute('src', /^\/api\/objects\/images\/[0-9a-f-]+\.jpg$/);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    const src = (await avatar.getAttribute('src'))!;
    const image = await context.request.get(src);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    const stored = await sharp(await image.body()).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    expect(stored.width).toBe(stored.height);
    expect(stored.width).toBeLessThanOrEqual(512);

    // The picture is part of the current user from now on.
    const me = (await (await context.request.get('/api/auth/user')).json()) as { profileImageUrl: string };
    expect(me.profileImageUrl).toBe(src);
    await page.reload();
    await expect(avatar).toHaveAttribute('src', src);
  } finally {
    await context.close();
  }
});

test('the dialog refuses a file that is not an image and one over 5 MB, and Cancel clears it', async ({ browser }) => {
  const { context, page } = await newSignedInMember(browser, 'Rhea', 'Refused');
  try {
    const dialog = await openPictureDialog(page);

    await pick(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(toast(page, 'Invalid file type')).toContainText('Please select an image file');
    await expect(dialog.getByRole('heading', { name: 'Select Profile Picture' })).toBeVisible();

    const huge = Buffer.alloc(5 * MB + 1);
    await pick(page, { name: 'huge.png', mimeType: 'image/png', buffer: huge });
    await expect(toast(page, 'File too large')).toContainText('Please select an image smaller than 5MB');
    await expect(dialog.getByRole('heading', { name: 'Select Profile Picture' })).toBeVisible();

    await pick(page, { name: 'ok.png', mimeType: 'image/png', buffer: await pngWithGps() });
    await expect(dialog.getByTestId('zoom-readout')).toHaveText('100%');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Upload photo' }).click();
    await expect(dialog.getByRole('heading', { name: 'Select Profile Picture' })).toBeVisible();
    await expect(page.getByTestId('profile-picture-input')).toHaveValue('');
  } finally {
    await context.close();
  }
});
