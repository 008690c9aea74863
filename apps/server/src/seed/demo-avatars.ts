import { photoMainUrl } from '@bid/contract';
import sharp from 'sharp';
import { processPhoto } from '../modules/uploads/image-processing.js';
import { photoVariantKey } from '../lib/storage/object-keys.js';
import type { ObjectStorage } from '../lib/storage/object-storage.js';

const BACKGROUNDS = ['#fde2e4', '#e2ece9', '#dfe7fd', '#fff1e6', '#e9e4f5', '#d8f3dc', '#fcefb4', '#cddafd'];
const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#f3d3b6'];
const HAIR = ['#2b2b2b', '#6f4e37', '#b5651d', '#e6be8a', '#8b0000', '#4b3621', '#a0a0a0'];
const SHIRT = ['#e63946', '#457b9d', '#2a9d8f', '#f4a261', '#6d597a', '#264653', '#ff7f50'];

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;

/**
 * A drawn portrait (no letters, no photo of anyone): face, hair, eyes, smile and shirt varied by
 * the member's number, so each demo member has a picture of their own, made offline at seed time.
 */
export function demoAvatarSvg(n: number): string {
  const hair = pick(HAIR, n * 3 + 1);
  const longHair = n % 2 === 0;
  const hairShape = longHair
    ? `<path d="M170 300 q0 -190 150 -190 q150 0 150 190 v190 h-60 v-200 h-180 v200 h-60z" fill="${hair}"/>`
    : `<path d="M180 270 q0 -160 140 -160 q140 0 140 160 q-40 -70 -140 -70 q-100 0 -140 70z" fill="${hair}"/>`;
  const glasses =
    n % 3 === 0
      ? '<g fill="none" stroke="#222" stroke-width="6"><circle cx="280" cy="290" r="30"/><circle cx="360" cy="290" r="30"/><path d="M310 290 h20"/></g>'
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">
<rect width="640" height="640" fill="${pick(BACKGROUNDS, n)}"/>
<path d="M130 640 q0 -170 190 -170 q190 0 190 170z" fill="${pick(SHIRT, n * 5 + 2)}"/>
<rect x="290" y="400" width="60" height="80" fill="${pick(SKIN, n * 7)}"/>
<ellipse cx="320" cy="300" rx="125" ry="145" fill="${pick(SKIN, n * 7)}"/>
${hairShape}
<circle cx="280" cy="290" r="11" fill="#222"/><circle cx="360" cy="290" r="11" fill="#222"/>
${glasses}
<path d="M275 360 q45 ${30 + (n % 4) * 8} 90 0" fill="none" stroke="#7a2e2e" stroke-width="8" stroke-linecap="round"/>
</svg>`;
}

/** Renders and stores the demo member's portrait as a photo with every variant; answers its id and URL. */
export async function storeDemoAvatar(storage: ObjectStorage, n: number, photoId: string) {
  const png = await sharp(Buffer.from(demoAvatarSvg(n)))
    .png()
    .toBuffer();
  const photo = await processPhoto(png);
  for (const variant of photo.variants) {
    const contentType = variant.format === 'jpg' ? 'image/jpeg' : `image/${variant.format}`;
    await storage.writeObject(photoVariantKey(photoId, variant.label, variant.format), variant.bytes, contentType);
  }
  return { id: photoId, url: photoMainUrl(photoId) };
}
