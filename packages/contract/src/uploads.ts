import { PROFILE_PICTURE_MAX_BYTES } from './constants.js';
import { UUID_SOURCE } from './ids.js';

// The upload API's schemas are in upload-schemas.ts: this module is free of zod (docs/performance.md).

/** Profile picture upload (docs/product.md §5, §7; docs/engineering.md §5; docs/uploads.md). */

export const UPLOAD_MAX_BYTES = PROFILE_PICTURE_MAX_BYTES;
/** Larger images are refused before decoding, so a tiny file cannot expand into gigabytes of pixels. */
export const UPLOAD_MAX_DIMENSION_PX = 8000;
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** How long an upload URL may be used. */
export const UPLOAD_URL_TTL_SECONDS = 300;
/** Upload URLs one member may request per hour (docs/engineering.md §5 rate limits). */
export const UPLOAD_URLS_PER_HOUR = 20;
/** The saved picture is at most this many pixels on each side. */
export const PROFILE_IMAGE_SIZE_PX = 512;
/** docs/product.md §9: the browser crops to a JPEG of this quality. */
export const CROP_JPEG_QUALITY = 0.8;
export const CROP_ZOOM_MIN = 1;
export const CROP_ZOOM_MAX = 3;
export const CROP_ZOOM_STEP = 0.1;

export const UPLOAD_MESSAGES = {
  notAnImage: 'Please upload a JPG, PNG, GIF or WebP image.',
  svgRefused: 'SVG images are not accepted. Please upload a JPG, PNG, GIF or WebP image.',
  tooLarge: 'Please select an image smaller than 5MB',
  tooManyPixels: 'That image is too large. Please use one at most 8000 pixels on each side.',
  unreadable: 'That image could not be read. Please try another one.',
  urlExpired: 'This upload link has expired. Please try again.',
  urlUsed: 'This upload link has already been used. Please try again.',
  urlInvalid: 'This upload link is not valid.',
  notYourUpload: 'That image was not uploaded by you.',
  nothingUploaded: 'No image was uploaded to that link.',
  urlNotYours: 'This upload link was issued to another account.',
  tooManyUploads: 'You have requested too many uploads. Please try again in an hour.',
} as const;

/** docs/product.md §5 / §8 profile picture texts, word for word. */
export const PROFILE_PICTURE_TEXTS = {
  invalidTypeTitle: 'Invalid file type',
  invalidTypeDescription: 'Please select an image file',
  tooLargeTitle: 'File too large',
  tooLargeDescription: 'Please select an image smaller than 5MB',
  cropErrorTitle: 'Error cropping image',
  cropErrorDescription: 'Please try again',
  uploadFailedTitle: 'Upload Failed',
  uploadFailedProfile: 'Failed to update profile image. Please try again.',
  uploadFailedImage: 'Failed to upload image',
  updatedTitle: 'Profile Image Updated',
} as const;

/**
 * Photos (docs/uploads.md): each upload is re-encoded into these widths, each as AVIF, WebP and a
 * JPEG fallback; a width larger than the picture itself holds the picture at its own size (never
 * enlarged), so every name exists for every photo.
 */
export const PHOTO_VARIANT_WIDTHS = [320, 640, 1280] as const;
export type PhotoVariantWidth = (typeof PHOTO_VARIANT_WIDTHS)[number];
export const PHOTO_VARIANT_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type PhotoVariantFormat = (typeof PHOTO_VARIANT_FORMATS)[number];
/** The variant a photo's plain URL names (the JPEG at the largest width): what `profileImageUrl` holds. */
export const PHOTO_MAIN_WIDTH: PhotoVariantWidth = 1280;
/** Profile photos one member may have; the first is the main one (`profileImageUrl`). */
export const PROFILE_PHOTOS_MAX = 6;

const SERVED_PHOTO_URL = new RegExp(`^/api/objects/images/(${UUID_SOURCE})-1280\\.jpg$`);

/** The served URL of one variant of the photo `photoId`. */
export const photoVariantUrl = (photoId: string, width: PhotoVariantWidth, format: PhotoVariantFormat) =>
  `/api/objects/images/${photoId}-${width}.${format}`;

/** The photo's plain URL (its main JPEG), as stored in `profileImageUrl` and `coverImageUrl`. */
export const photoMainUrl = (photoId: string) => photoVariantUrl(photoId, PHOTO_MAIN_WIDTH, 'jpg');

/**
 * The `srcset` of each format for a photo URL, or undefined for a URL that has no variants
 * (a picture uploaded before variants existed, or one from elsewhere): show it as it is.
 */
export function photoSourcesOf(
  url: string | null | undefined,
): { avif: string; webp: string; jpg: string; fallback: string } | undefined {
  const photoId = url ? SERVED_PHOTO_URL.exec(url)?.[1] : undefined;
  if (!photoId) return undefined;
  const srcsetOf = (format: PhotoVariantFormat) =>
    PHOTO_VARIANT_WIDTHS.map((width) => `${photoVariantUrl(photoId, width, format)} ${width}w`).join(', ');
  return {
    avif: srcsetOf('avif'),
    webp: srcsetOf('webp'),
    jpg: srcsetOf('jpg'),
    fallback: photoVariantUrl(photoId, 640, 'jpg'),
  };
}

export const PHOTO_MESSAGES = {
  tooManyPhotos: `You can have at most ${PROFILE_PHOTOS_MAX} photos. Delete one to add another.`,
  photoNotFound: 'Photo not found',
  orderMismatch: 'The new order must list each of your photos exactly once.',
  notYourAuction: 'Only the host can change the cover of this auction.',
} as const;
