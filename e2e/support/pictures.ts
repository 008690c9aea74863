import sharp from 'sharp';

/** A picture with some detail (not one flat colour), so crops and variants are real work. */
export function picture(hue: number): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    pixels[i * 3] = (x + hue) & 0xff;
    pixels[i * 3 + 1] = (y * 2 + hue) & 0xff;
    pixels[i * 3 + 2] = hue;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
