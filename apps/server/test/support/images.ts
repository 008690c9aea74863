import sharp from 'sharp';

/** Test pictures made on the spot, so no binary fixtures live in the repository. */
export const makePng = (width = 64, height = 48, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A phone-style JPEG: camera make, GPS position, an ICC profile and a "rotate 90°" orientation. */
export const makeJpegWithGps = (width = 64, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: '#cc3333' } })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Pocket 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .jpeg()
    .toBuffer();

export const SVG_BYTES = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

/** Whether EXIF data points at a GPS block (tag 0x8825 in IFD0), read from the TIFF structure itself. */
export function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const isLittleEndian = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (isLittleEndian ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (isLittleEndian ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}
