import { currentUserSchema } from '../../auth.js';
import { grantIdParamsSchema, idParamsSchema, imageNameParamsSchema, photoIdParamsSchema } from '../../id-schemas.js';
import { decideHeldItemSchema } from '../../moderation-schemas.js';
import { bodyOrEmpty, fileBodySchema, localUploadQuerySchema, noBodySchema } from '../../request-schemas.js';
import {
  addProfilePhotoBodySchema,
  auctionCoverBodySchema,
  auctionCoverResponseSchema,
  heldPhotoDecisionSchema,
  profileImageBodySchema,
  profilePhotosResponseSchema,
  reorderProfilePhotosBodySchema,
  uploadUrlResponseSchema,
} from '../../upload-schemas.js';
import { defineEndpoint, type Endpoint, type ErrorCode } from '../endpoint.js';
import { uploadsRoutes as routes } from '../routes/uploads.js';

/** Why an upload may not become a photo (docs/uploads.md has the table). */
const UPLOAD_USE_ERRORS = [
  'not_your_upload',
  'url_used',
  'url_expired',
  'nothing_uploaded',
  'not_an_image',
  'svg_refused',
  'unreadable_image',
  'too_many_pixels',
] as const satisfies readonly ErrorCode[];

const IMAGE_FILE = { contentType: 'image/*', description: 'The image file (JPEG, WebP or AVIF).' };

/** Uploads and photos (docs/uploads.md). */
export const uploadsEndpoints = {
  createUploadUrl: defineEndpoint(routes.createUploadUrl, {
    body: noBodySchema,
    responses: { 200: uploadUrlResponseSchema },
    errors: [],
  }),
  // The raw file, as S3 would take it; the id, the signature and the expiry are checked above the
  // schemas (before a byte of the body is read), then the member.
  receiveLocalUpload: defineEndpoint(routes.receiveLocalUpload, {
    params: grantIdParamsSchema,
    query: localUploadQuerySchema,
    body: fileBodySchema,
    responses: { 200: null },
    errors: ['unauthorized', 'url_invalid', 'url_expired', 'url_used', 'url_not_yours', 'not_an_image', 'svg_refused'],
  }),
  replaceProfileImage: defineEndpoint(routes.replaceProfileImage, {
    body: profileImageBodySchema,
    responses: { 200: currentUserSchema },
    errors: [...UPLOAD_USE_ERRORS],
  }),
  listProfilePhotos: defineEndpoint(routes.listProfilePhotos, {
    responses: { 200: profilePhotosResponseSchema },
    errors: [],
  }),
  addProfilePhoto: defineEndpoint(routes.addProfilePhoto, {
    body: addProfilePhotoBodySchema,
    responses: { 201: profilePhotosResponseSchema },
    errors: [...UPLOAD_USE_ERRORS, 'too_many_photos'],
  }),
  reorderProfilePhotos: defineEndpoint(routes.reorderProfilePhotos, {
    body: reorderProfilePhotosBodySchema,
    responses: { 200: profilePhotosResponseSchema },
    errors: ['order_mismatch'],
  }),
  // A malformed id is answered like an unknown one (404).
  removeProfilePhoto: defineEndpoint(routes.removeProfilePhoto, {
    params: photoIdParamsSchema,
    responses: { 200: profilePhotosResponseSchema },
    errors: ['not_found'],
  }),
  setAuctionCover: defineEndpoint(routes.setAuctionCover, {
    params: idParamsSchema,
    body: auctionCoverBodySchema,
    responses: { 200: auctionCoverResponseSchema },
    errors: [...UPLOAD_USE_ERRORS, 'not_found'],
  }),
  clearAuctionCover: defineEndpoint(routes.clearAuctionCover, {
    params: idParamsSchema,
    responses: { 200: auctionCoverResponseSchema },
    errors: ['not_found'],
  }),
  // A held photo is its owner's and the moderators' only: to anyone else it does not exist.
  getImage: defineEndpoint(routes.getImage, {
    params: imageNameParamsSchema,
    responses: { 200: IMAGE_FILE },
    errors: ['not_found'],
  }),
  decideHeldPhoto: defineEndpoint(routes.decideHeldPhoto, {
    params: idParamsSchema,
    body: bodyOrEmpty(decideHeldItemSchema),
    responses: { 200: heldPhotoDecisionSchema },
    errors: [],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;
