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
    summary: 'A one-time URL to upload one image to.',
    body: noBodySchema,
    responses: { 200: uploadUrlResponseSchema },
    errors: [],
  }),
  // The raw file, as S3 would take it; the id, the signature and the expiry are checked above the
  // schemas (before a byte of the body is read), then the member.
  receiveLocalUpload: defineEndpoint(routes.receiveLocalUpload, {
    summary: 'Receive the file of an upload URL (local storage stands in for the bucket).',
    params: grantIdParamsSchema,
    query: localUploadQuerySchema,
    body: fileBodySchema,
    responses: { 200: null },
    errors: ['unauthorized', 'url_invalid', 'url_expired', 'url_used', 'url_not_yours', 'not_an_image', 'svg_refused'],
  }),
  replaceProfileImage: defineEndpoint(routes.replaceProfileImage, {
    summary: "An upload becomes the member's main photo.",
    body: profileImageBodySchema,
    responses: { 200: currentUserSchema },
    errors: [...UPLOAD_USE_ERRORS],
  }),
  listProfilePhotos: defineEndpoint(routes.listProfilePhotos, {
    summary: "The member's photos in order; the first is the main one.",
    responses: { 200: profilePhotosResponseSchema },
    errors: [],
  }),
  addProfilePhoto: defineEndpoint(routes.addProfilePhoto, {
    summary: "An upload joins the member's photos.",
    body: addProfilePhotoBodySchema,
    responses: { 201: profilePhotosResponseSchema },
    errors: [...UPLOAD_USE_ERRORS, 'too_many_photos'],
  }),
  reorderProfilePhotos: defineEndpoint(routes.reorderProfilePhotos, {
    summary: "Put the member's photos in a new order.",
    body: reorderProfilePhotosBodySchema,
    responses: { 200: profilePhotosResponseSchema },
    errors: ['order_mismatch'],
  }),
  // A malformed id is answered like an unknown one (404).
  removeProfilePhoto: defineEndpoint(routes.removeProfilePhoto, {
    summary: 'Delete one of the member’s photos.',
    params: photoIdParamsSchema,
    responses: { 200: profilePhotosResponseSchema },
    errors: ['not_found'],
  }),
  setAuctionCover: defineEndpoint(routes.setAuctionCover, {
    summary: "An upload of the host becomes the auction's cover.",
    params: idParamsSchema,
    body: auctionCoverBodySchema,
    responses: { 200: auctionCoverResponseSchema },
    errors: [...UPLOAD_USE_ERRORS, 'not_found'],
  }),
  clearAuctionCover: defineEndpoint(routes.clearAuctionCover, {
    summary: 'The auction shows its default picture again.',
    params: idParamsSchema,
    responses: { 200: auctionCoverResponseSchema },
    errors: ['not_found'],
  }),
  // A held photo is its owner's and the moderators' only: to anyone else it does not exist.
  getImage: defineEndpoint(routes.getImage, {
    summary: 'A photo file; a held one only to its owner and moderators.',
    params: imageNameParamsSchema,
    responses: { 200: IMAGE_FILE },
    errors: ['not_found'],
  }),
  decideHeldPhoto: defineEndpoint(routes.decideHeldPhoto, {
    summary: 'Approve or reject a photo the screening held.',
    params: idParamsSchema,
    body: bodyOrEmpty(decideHeldItemSchema),
    responses: { 200: heldPhotoDecisionSchema },
    errors: [],
  }),
} satisfies Record<keyof typeof routes, Endpoint>;
