import { PHOTO_MESSAGES, UPLOAD_MESSAGES } from '@bid/contract';
import { AppError } from '../../lib/errors.js';

/**
 * Every refusal of the upload flow (docs/uploads.md has the table). The message is what the
 * member sees; the code is what programs and tests match on.
 */
export const uploadErrors = {
  notAnImage: () => new AppError(415, 'not_an_image', UPLOAD_MESSAGES.notAnImage),
  svgRefused: () => new AppError(415, 'svg_refused', UPLOAD_MESSAGES.svgRefused),
  tooLarge: () => new AppError(413, 'too_large', UPLOAD_MESSAGES.tooLarge),
  tooManyPixels: () => new AppError(400, 'too_many_pixels', UPLOAD_MESSAGES.tooManyPixels),
  unreadable: () => new AppError(400, 'unreadable_image', UPLOAD_MESSAGES.unreadable),
  urlExpired: () => new AppError(410, 'url_expired', UPLOAD_MESSAGES.urlExpired),
  urlUsed: () => new AppError(409, 'url_used', UPLOAD_MESSAGES.urlUsed),
  urlInvalid: () => new AppError(403, 'url_invalid', UPLOAD_MESSAGES.urlInvalid),
  urlNotYours: () => new AppError(403, 'url_not_yours', UPLOAD_MESSAGES.urlNotYours),
  notYourUpload: () => new AppError(403, 'not_your_upload', UPLOAD_MESSAGES.notYourUpload),
  nothingUploaded: () => new AppError(400, 'nothing_uploaded', UPLOAD_MESSAGES.nothingUploaded),
  tooManyUploads: () => new AppError(429, 'rate_limited', UPLOAD_MESSAGES.tooManyUploads),
};

/** Refusals of the photo routes (docs/uploads.md, "Photos"). */
export const photoErrors = {
  tooManyPhotos: () => new AppError(409, 'too_many_photos', PHOTO_MESSAGES.tooManyPhotos),
  photoNotFound: () => new AppError(404, 'not_found', PHOTO_MESSAGES.photoNotFound),
  orderMismatch: () => new AppError(400, 'order_mismatch', PHOTO_MESSAGES.orderMismatch),
  notYourAuction: () => new AppError(403, 'forbidden', PHOTO_MESSAGES.notYourAuction),
};
