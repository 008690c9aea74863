import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PHOTO_HOLD_THRESHOLDS, PHOTO_CLASSES } from '@bid/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAvatarSvg } from '../../src/seed/demo-avatars.js';
import { processPhoto } from '../../src/modules/uploads/image-processing.js';
import { createPhotoClassifier, screenPhoto } from '../../src/lib/photo-classifier/photo-classifier.js';

/** The 640 px JPEG the server classifies, from any picture (as an upload is processed). */
const at640 = async (image: Buffer) => {
  const photo = await processPhoto(image);
  return photo.variants.find((variant) => variant.label === 640 && variant.format === 'jpg')!.bytes;
};

/**
 * An ordinary photograph as a camera would give one: a sky-to-ground gradient with a sun, a
 * house and a tree (shapes and shading, not noise: blurred noise once scored Porn 0.5).
 */
const ordinaryScene = (sky: string, ground: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="${sky}"/><stop offset="0.6" stop-color="#e8f0ff"/><stop offset="0.61" stop-color="${ground}"/><stop offset="1" stop-color="#2f4f1f"/>
      </linearGradient></defs>
      <rect width="1200" height="800" fill="url(#g)"/>
      <circle cx="950" cy="150" r="70" fill="#ffd966"/>
      <rect x="250" y="330" width="300" height="220" fill="#b5651d"/><polygon points="230,330 400,200 570,330" fill="#7f3f00"/>
      <rect x="370" y="440" width="60" height="110" fill="#4a2a00"/>
      <rect x="780" y="380" width="30" height="170" fill="#5b3a1a"/><circle cx="795" cy="350" r="80" fill="#2e7d32"/>
    </svg>`),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

describe('the photo classifier (nsfwjs MobileNetV2 on the WebAssembly backend, in a worker)', () => {
  const classifier = createPhotoClassifier();
  afterAll(() => classifier.close());

  it('loads the model shipped in the package, without the network', async () => {
    await classifier.start();
    expect(classifier.status()).toMatchObject({ state: 'ready', backend: 'wasm' });
  }, 120_000);

  it('passes benign photos at the production thresholds: demo portraits, date-type drawings, ordinary photos', async () => {
    const coversDir = path.resolve(import.meta.dirname, '../../../web/public/covers');
    const covers = (await readdir(coversDir)).filter((name) => name.endsWith('.svg'));
    expect(covers.length).toBeGreaterThan(0);
    const images: Array<[string, Buffer]> = [
      ...[0, 1, 2, 3, 4, 5].map((n): [string, Buffer] => [`demo portrait ${n}`, Buffer.from(demoAvatarSvg(n))]),
      ...(await Promise.all(
        covers.map(async (name): Promise<[string, Buffer]> => [name, await readFile(path.join(coversDir, name))]),
      )),
      ['a house under a blue sky', await ordinaryScene('#6fa8dc', '#6aa84f')],
      ['a field at dusk', await ordinaryScene('#e69138', '#93c47d')],
    ];
    for (const [name, image] of images) {
      const png = await sharp(image).png().toBuffer();
      const screening = await screenPhoto(classifier, await at640(png), DEFAULT_PHOTO_HOLD_THRESHOLDS);
      expect(screening, name).toMatchObject({ held: false, flagged: [], failure: null });
      const total = PHOTO_CLASSES.reduce((sum, name) => sum + screening.scores![name], 0);
      expect(total, name).toBeCloseTo(1, 3);
    }
  }, 120_000);

  it('holds what reaches a threshold, naming the classes', async () => {
    const photo = await at640(await ordinaryScene('#6fa8dc', '#6aa84f'));
    const screening = await screenPhoto(classifier, photo, { Neutral: 0, Porn: 1 });
    expect(screening).toMatchObject({ held: true, flagged: ['Neutral'], failure: null });
  }, 60_000);

  it('holds a photo it cannot classify and says why: not an image, a stopped classifier, a full queue', async () => {
    expect(await screenPhoto(classifier, Buffer.from('not an image'), DEFAULT_PHOTO_HOLD_THRESHOLDS)).toMatchObject({
      held: true,
      scores: null,
      failure: expect.stringMatching(/^the photo could not be read: /),
    });
    const busy = createPhotoClassifier({ maxQueue: 0 });
    expect(await screenPhoto(busy, Buffer.from('x'), DEFAULT_PHOTO_HOLD_THRESHOLDS)).toMatchObject({
      held: true,
      failure: 'the classifier is busy (0 photos waiting)',
    });
    const stopped = createPhotoClassifier();
    await stopped.close();
    expect(await screenPhoto(stopped, Buffer.from('x'), DEFAULT_PHOTO_HOLD_THRESHOLDS)).toMatchObject({
      held: true,
      failure: 'the classifier is stopped',
    });
  }, 60_000);
});
