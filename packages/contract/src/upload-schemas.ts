import { z } from 'zod';
import { uuidSchema } from './id-schemas.js';
import { PROFILE_PHOTOS_MAX } from './uploads.js';

export const uploadUrlResponseSchema = z.object({ uploadURL: z.string() });
export type UploadUrlResponse = z.infer<typeof uploadUrlResponseSchema>;

export const profileImageBodySchema = z.object({ imageURL: z.string().min(1, 'Image URL is required').max(2048) });
export type ProfileImageBody = z.infer<typeof profileImageBodySchema>;

/** `inReview`: held by the photo screening; only its owner (and moderators) can see it meanwhile. */
export const profilePhotoSchema = z.object({ id: uuidSchema(), url: z.string(), inReview: z.boolean() });
export type ProfilePhoto = z.infer<typeof profilePhotoSchema>;
/** The answer of every profile photo route: the member's photos in order, the first is the main one. */
export const profilePhotosResponseSchema = z.object({ photos: z.array(profilePhotoSchema) });
export type ProfilePhotosResponse = z.infer<typeof profilePhotosResponseSchema>;

/** POST /api/profile/photos: an upload of this member (the URL from POST /api/objects/upload). */
export const addProfilePhotoBodySchema = profileImageBodySchema;
export type AddProfilePhotoBody = ProfileImageBody;

/** PUT /api/profile/photos/order: every photo id of the member, once each, in the new order. */
export const reorderProfilePhotosBodySchema = z.object({
  photoIds: z
    .array(uuidSchema('Photo id is not valid'))
    .min(1, 'Photo ids are required')
    .max(PROFILE_PHOTOS_MAX, `At most ${PROFILE_PHOTOS_MAX} photos`),
});
export type ReorderProfilePhotosBody = z.infer<typeof reorderProfilePhotosBodySchema>;

/** PUT /api/auctions/:id/cover: an upload of the host becomes the auction's cover. */
export const auctionCoverBodySchema = profileImageBodySchema;
export type AuctionCoverBody = ProfileImageBody;
/**
 * `heldCoverImageUrl`: a new cover the photo screening held; the auction keeps showing
 * `coverImageUrl` to everyone until a moderator approves it.
 */
export const auctionCoverResponseSchema = z.object({
  coverImageUrl: z.string().nullable(),
  heldCoverImageUrl: z.string().nullable(),
});
export type AuctionCoverResponse = z.infer<typeof auctionCoverResponseSchema>;

/** POST /api/moderation/held/photos/:id/decide: the photo's review, decided. */
export const heldPhotoDecisionSchema = z.object({ id: z.string(), status: z.enum(['approved', 'rejected']) });
export type HeldPhotoDecision = z.infer<typeof heldPhotoDecisionSchema>;
