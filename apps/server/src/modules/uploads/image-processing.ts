import { PROFILE_IMAGE_SIZE_PX, UPLOAD_MAX_BYTES, UPLOAD_MAX_DIMENSION_PX, UPLOAD_MAX_PIXELS } from '@bid/contract';
import sharp, { type Metadata } from 'sharp';
import { uploadErrors } from './upload-errors.js';

/** The formats a profile picture may arrive in (SPEC §5: JPG, PNG, GIF; WebP as phones send it). */
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
 * the file name are never consulted (GUIDE §5). SVG is recognised only so it can be refused with
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

  try {
    const { data, info } = await input()
      .rotate()
      .resize(maxSizePx, maxSizePx, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, sourceType };
  } catch (error) {
    throw isPixelLimitError(error) ? uploadErrors.tooManyPixels() : uploadErrors.unreadable();
  }
}
