// Remakes the installable app's PNG icons (public/icons) from the heart mark of favicon.svg.
// Run from the repository root: `node apps/web/scripts/make-icons.mjs`; commit the PNGs.
// "any" icons fill the square with rounded corners; the maskable one keeps the mark inside the
// 80% safe zone on a full-bleed background, so a launcher may crop it to any shape.
import path from 'node:path';
import sharp from 'sharp';

const BRAND = '#be185d';
const HEART =
  'M16 24s-7-4.4-7-9.3C9 12 10.9 10 13.2 10c1.3 0 2.3.7 2.8 1.6.5-.9 1.5-1.6 2.8-1.6 2.3 0 4.2 2 4.2 4.7C23 19.6 16 24 16 24z';
const out = path.join(import.meta.dirname, '..', 'public', 'icons');

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BRAND}"/><path d="${HEART}" fill="#fff"/></svg>`;
// The heart spans about 14 of 32 units; scaled by 0.8 around the centre it stays in the safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(3.2 3.2) scale(0.8)"><path d="${HEART}" fill="#fff"/></g></svg>`;

for (const [name, svg, size] of [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['icon-maskable-512.png', maskable, 512],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
}
