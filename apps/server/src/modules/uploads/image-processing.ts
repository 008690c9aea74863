import {
  PHOTO_VARIANT_WIDTHS,
  type PhotoVariantFormat,
  type PhotoVariantWidth,
  PROFILE_IMAGE_SIZE_PX,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_DIMENSION_PX,
  UPLOAD_MAX_PIXELS,
} from '@bid/contract';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { uploadErrors } from './upload-errors.js';

/** The formats a profile picture may arrive in (docs/product.md §5: JPG, PNG, GIF; WebP as phones send it). */
export type AcceptedImageType = 'jpeg' | 'png' | 'gif' | 'webp';
export type SniffedType = AcceptedImageType | 'svg';

const SVG_SNIFF_BYTES = 4096;
const JPEG_QUALITY = 85;
/** A decode that takes longer than this is treated as hostile (decompression bombs, pathological files). */
const PROCESSING_TIMEOUT_SECONDS = 10;

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The type the bytes say they are, from their magic numbers alone; the Content-Type header and
 * the file name are never consulted (docs/engineering.md §5). SVG is recognised only so it can be refused with
 * its own message: it is XML that can carry scripts.
 */
export function sniffImageType(bytes: Buffer): SniffedType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (looksLikeSvg(bytes)) return 'svg';
  return undefined;
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, SVG_SNIFF_BYTES)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<svg[\s>/]/i.test(head);
}

/** Throws the refusal for anything but the four accepted formats. */
export function assertAcceptedImage(bytes: Buffer): AcceptedImageType {
  const type = sniffImageType(bytes);
  if (type === 'svg') throw uploadErrors.svgRefused();
  if (type === undefined) throw uploadErrors.notAnImage();
  return type;
}

export interface ProcessedImage {
  /** A baseline JPEG without EXIF, GPS, XMP or ICC data. */
  bytes: Buffer;
  width: number;
  height: number;
  sourceType: AcceptedImageType;
}

const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Turns an uploaded file into the picture we store and serve: judged by its bytes, refused
 * when it is too big to decode safely, then decoded and re-encoded so nothing of the original
 * file survives but its pixels. `.rotate()` applies the EXIF orientation before the EXIF is
 * dropped (sharp writes no metadata unless asked), GIFs and animated WebPs keep their first
 * frame, and transparency becomes white because JPEG has none.
 */
export async function processProfileImage(
  bytes: Buffer,
  /** The longest side kept; identity documents keep more detail than a profile picture. */
  maxSizePx: number = PROFILE_IMAGE_SIZE_PX,
): Promise<ProcessedImage> {
  const input = await openCheckedImage(bytes);
  try {
    const { data, info } = await input()
      .rotate()
      .resize(maxSizePx, maxSizePx, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, sourceType: input.sourceType };
  } catch (error) {
    throw isPixelLimitError(error) ? uploadErrors.tooManyPixels() : uploadErrors.unreadable();
  }
}

/**
 * The checks every upload passes before a pixel is decoded: size in bytes, type by the bytes,
 * declared pixels from the header. Answers a factory of decoders for the checked bytes.
 */
async function openCheckedImage(bytes: Buffer): Promise<(() => Sharp) & { sourceType: AcceptedImageType }> {
  if (bytes.length > UPLOAD_MAX_BYTES) throw uploadErrors.tooLarge();
  const sourceType = assertAcceptedImage(bytes);
  const input = () =>
    sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error', pages: 1 }).timeout({
      seconds: PROCESSING_TIMEOUT_SECONDS,
    });

  // The header alone: a few bytes can declare billions of pixels, so size is judged before decoding.
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    throw isPixelLimitError(error) ? uploadErrors.tooManyPixels() : uploadErrors.unreadable();
  }
  // A file whose magic number says one format while the decoder finds another is a polyglot.
  if (metadata.format !== sourceType) throw uploadErrors.unreadable();
  const { width, height } = metadata;
  if (width > UPLOAD_MAX_DIMENSION_PX || height > UPLOAD_MAX_DIMENSION_PX || width * height > UPLOAD_MAX_PIXELS) {
    throw uploadErrors.tooManyPixels();
  }
  return Object.assign(input, { sourceType });
}

export interface PhotoVariant {
  /** The width this variant is named after (its `w` descriptor in a `srcset`). */
  label: PhotoVariantWidth;
  format: PhotoVariantFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** The picture's own size after orientation, before any resizing. */
  width: number;
  height: number;
  sourceType: AcceptedImageType;
  /** Every width of PHOTO_VARIANT_WIDTHS in every format: AVIF, WebP and a JPEG fallback. */
  variants: PhotoVariant[];
}

/** AVIF at effort 2 costs about as much CPU as the WebP and JPEG together; higher efforts are many times slower. */
const AVIF_OPTIONS = { quality: 55, effort: 2 } as const;
const WEBP_QUALITY = 80;

/**
 * A profile photo or auction cover (docs/uploads.md): checked like a profile picture, decoded
 * once, then encoded at each width of PHOTO_VARIANT_WIDTHS (aspect kept, never enlarged: a width
 * past the picture's own holds the picture at its own size, encoded once) as AVIF, WebP and JPEG.
 * Nothing but pixels survives: no EXIF, GPS, XMP or ICC, and transparency becomes white.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const input = await openCheckedImage(bytes);
  try {
    // Oriented and flattened once; every variant is cut from these pixels.
    const { data: base, info } = await input()
      .rotate()
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const byTargetWidth = new Map<number, Omit<PhotoVariant, 'label'>[]>();
    const variants: PhotoVariant[] = [];
    for (const label of PHOTO_VARIANT_WIDTHS) {
      const targetWidth = Math.min(label, info.width);
      let encoded = byTargetWidth.get(targetWidth);
      if (!encoded) {
        encoded = await encodeAtWidth(base, raw, targetWidth);
        byTargetWidth.set(targetWidth, encoded);
      }
      for (const variant of encoded) variants.push({ label, ...variant });
    }
    return { width: info.width, height: info.height, sourceType: input.sourceType, variants };
  } catch (error) {
    throw isPixelLimitError(error) ? uploadErrors.tooManyPixels() : uploadErrors.unreadable();
  }
}

async function encodeAtWidth(
  base: Buffer,
  raw: { raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } },
  width: number,
): Promise<Omit<PhotoVariant, 'label'>[]> {
  const resized = () =>
    sharp(base, raw).timeout({ seconds: PROCESSING_TIMEOUT_SECONDS }).resize({ width, withoutEnlargement: true });
  const encode = async (format: PhotoVariantFormat, pipeline: Sharp) => {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { format, width: info.width, height: info.height, bytes: data };
  };
  return Promise.all([
    encode('avif', resized().avif(AVIF_OPTIONS)),
    encode('webp', resized().webp({ quality: WEBP_QUALITY })),
    encode('jpg', resized().jpeg({ quality: JPEG_QUALITY, mozjpeg: true })),
  ]);
}
