import { PHOTO_VARIANT_FORMATS, PHOTO_VARIANT_WIDTHS, PROFILE_IMAGE_SIZE_PX, UPLOAD_MESSAGES } from '@bid/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifHasGps, makeJpegWithGps, makePng, SVG_BYTES } from '../../../test/support/images.js';
import { processPhoto, processProfileImage, sniffImageType } from './image-processing.js';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: { statusCode: number; code: string; message: string }) => ({
      status: error.statusCode,
      code: error.code,
      message: error.message,
    }),
  );

describe('sniffImageType', () => {
  it('names the four accepted formats by their bytes', async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } });
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBe('gif');
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe('webp');
  });

  it('recognises SVG with or without an XML prolog, a byte-order mark or leading space', () => {
    expect(sniffImageType(SVG_BYTES)).toBe('svg');
    expect(sniffImageType(Buffer.from('\uFEFF  <svg width="1"></svg>'))).toBe('svg');
    expect(sniffImageType(Buffer.from('<!-- hi --><svg/>'))).toBe('svg');
  });

  it('knows nothing else, whatever it is called', async () => {
    expect(sniffImageType(Buffer.from('just some text, not a picture'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('<html><body>svg</body></html>'))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    expect(sniffImageType(tiff)).toBeUndefined();
  });
});

describe('processProfileImage', () => {
  it('re-encodes as JPEG with no EXIF, GPS, ICC or XMP, applying the orientation first', async () => {
    const original = await makeJpegWithGps(64, 32);
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif && exifHasGps(before.exif)).toBe(true);
    expect(before.icc).toBeDefined();

    const image = await processProfileImage(original);
    const after = await sharp(image.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Rotated a quarter turn: 64x32 becomes 32x64.
    expect([after.width, after.height]).toEqual([32, 64]);
    expect(image).toMatchObject({ width: 32, height: 64, sourceType: 'jpeg' });
    expect(image.bytes.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('fits large pictures into the profile square and never enlarges small ones', async () => {
    const big = await processProfileImage(await makePng(2000, 1000));
    expect([big.width, big.height]).toEqual([PROFILE_IMAGE_SIZE_PX, PROFILE_IMAGE_SIZE_PX / 2]);
    const small = await processProfileImage(await makePng(40, 30));
    expect([small.width, small.height]).toEqual([40, 30]);
  });

  it('turns transparency white, since JPEG has none', async () => {
    const transparent = await sharp({
      create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const image = await processProfileImage(transparent);
    const { data } = await sharp(image.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(240);
  });

  it('keeps the first frame of an animated GIF and accepts WebP', async () => {
    const frames = await sharp({ create: { width: 10, height: 30, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    const animated = await sharp(frames, { pages: -1 }).gif({ loop: 0 }).toBuffer();
    const gif = await processProfileImage(animated);
    expect(gif.sourceType).toBe('gif');
    expect((await sharp(gif.bytes).metadata()).pages).toBeUndefined();
    const webp = await processProfileImage(
      await sharp({ create: { width: 12, height: 12, channels: 3, background: '#00f' } })
        .webp()
        .toBuffer(),
    );
    expect(webp).toMatchObject({ sourceType: 'webp', width: 12, height: 12 });
  });

  it('refuses text, SVG and other formats by their bytes', async () => {
    expect(await refusal(processProfileImage(Buffer.from('hello, not an image')))).toEqual({
      status: 415,
      code: 'not_an_image',
      message: UPLOAD_MESSAGES.notAnImage,
    });
    expect(await refusal(processProfileImage(SVG_BYTES))).toEqual({
      status: 415,
      code: 'svg_refused',
      message: UPLOAD_MESSAGES.svgRefused,
    });
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    expect((await refusal(processProfileImage(tiff))).code).toBe('not_an_image');
  });

  it('refuses pictures wider, taller or larger than the limits before decoding them', async () => {
    const wide = await makePng(20_000, 1);
    expect(await refusal(processProfileImage(wide))).toEqual({
      status: 400,
      code: 'too_many_pixels',
      message: UPLOAD_MESSAGES.tooManyPixels,
    });
    expect((await refusal(processProfileImage(await makePng(1, 8001)))).code).toBe('too_many_pixels');
    // Within 8000 on each side but over 40 megapixels in all.
    expect((await refusal(processProfileImage(await makePng(7000, 7000)))).code).toBe('too_many_pixels');
  });

  it('refuses truncated files and files whose magic number lies about the format', async () => {
    const png = await makePng(200, 200);
    expect((await refusal(processProfileImage(png.subarray(0, 60)))).code).toBe('unreadable_image');
    const gifPretendingPng = Buffer.concat([png.subarray(0, 8), Buffer.from('GIF89a'), Buffer.alloc(100)]);
    expect((await refusal(processProfileImage(gifPretendingPng))).code).toBe('unreadable_image');
  });

  it('refuses more than 5 MB outright', async () => {
    const huge = Buffer.concat([await makePng(), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await refusal(processProfileImage(huge))).status).toBe(413);
  });
});

describe('processPhoto (the sizing pipeline)', () => {
  const formatOf = { avif: 'heif', webp: 'webp', jpg: 'jpeg' } as const;

  it('makes every width in AVIF, WebP and JPEG, keeping the aspect ratio', async () => {
    const photo = await processPhoto(await makePng(2000, 1500));
    expect(photo).toMatchObject({ width: 2000, height: 1500, sourceType: 'png' });
    const names = photo.variants.map((v) => `${v.label}.${v.format}`).sort();
    expect(names).toEqual(PHOTO_VARIANT_WIDTHS.flatMap((w) => PHOTO_VARIANT_FORMATS.map((f) => `${w}.${f}`)).sort());
    for (const variant of photo.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe(formatOf[variant.format]);
      if (variant.format === 'avif') expect(meta.compression).toBe('av1');
      expect([meta.width, variant.width]).toEqual([variant.label, variant.label]);
      expect(meta.height).toBe(variant.height);
      expect(Math.abs(variant.height - (variant.label * 3) / 4)).toBeLessThanOrEqual(1);
    }
  });

  it('never enlarges a small picture: larger widths hold it at its own size', async () => {
    const photo = await processPhoto(await makePng(500, 250));
    for (const variant of photo.variants) {
      const meta = await sharp(variant.bytes).metadata();
      const expectedWidth = Math.min(variant.label, 500);
      expect(meta.width).toBe(expectedWidth);
      expect(meta.height).toBe(expectedWidth / 2);
    }
    const at640 = photo.variants.find((v) => v.label === 640 && v.format === 'webp');
    const at1280 = photo.variants.find((v) => v.label === 1280 && v.format === 'webp');
    // Encoded once, shared by both names.
    expect(at1280?.bytes).toBe(at640?.bytes);
  });

  it('strips EXIF, GPS, ICC and XMP from every variant, applying the orientation first', async () => {
    const photo = await processPhoto(await makeJpegWithGps(640, 320));
    // "Rotate 90°": the 640x320 picture is 320x640 upright.
    expect([photo.width, photo.height]).toEqual([320, 640]);
    for (const variant of photo.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(variant.bytes.includes(Buffer.from('TestCam'))).toBe(false);
      expect(meta.height).toBe(meta.width === undefined ? undefined : meta.width * 2);
    }
  });

  it('refuses what a profile picture refuses', async () => {
    expect(await refusal(processPhoto(SVG_BYTES))).toMatchObject({ status: 415, code: 'svg_refused' });
    expect(await refusal(processPhoto(Buffer.from('not an image')))).toMatchObject({
      status: 415,
      code: 'not_an_image',
    });
    const truncated = (await makePng(400, 400)).subarray(0, 200);
    expect(await refusal(processPhoto(truncated))).toMatchObject({ status: 400, code: 'unreadable_image' });
  });
});
