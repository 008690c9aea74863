import { z } from 'zod';
import { PROFILE_PICTURE_MAX_BYTES } from './constants.js';

/** Profile picture upload (SPEC §5, §7; GUIDE §5; docs/uploads.md). */

export const UPLOAD_MAX_BYTES = PROFILE_PICTURE_MAX_BYTES;
/** Larger images are refused before decoding, so a tiny file cannot expand into gigabytes of pixels. */
export const UPLOAD_MAX_DIMENSION_PX = 8000;
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** How long an upload URL may be used. */
export const UPLOAD_URL_TTL_SECONDS = 300;
/** Upload URLs one member may request per hour (GUIDE §5 rate limits). */
export const UPLOAD_URLS_PER_HOUR = 20;
/** The saved picture is at most this many pixels on each side. */
export const PROFILE_IMAGE_SIZE_PX = 512;
/** SPEC §9: the browser crops to a JPEG of this quality. */
export const CROP_JPEG_QUALITY = 0.8;
export const CROP_ZOOM_MIN = 1;
export const CROP_ZOOM_MAX = 3;
export const CROP_ZOOM_STEP = 0.1;

export const uploadUrlResponseSchema = z.object({ uploadURL: z.string() });
export type UploadUrlResponse = z.infer<typeof uploadUrlResponseSchema>;

export const profileImageBodySchema = z.object({ imageURL: z.string().min(1, 'Image URL is required').max(2048) });
export type ProfileImageBody = z.infer<typeof profileImageBodySchema>;

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

/** SPEC §5 / §8 profile picture texts, word for word. */
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
