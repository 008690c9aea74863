import { defineRoutes } from '../endpoint.js';

/** Uploads and photos (docs/uploads.md): upload URLs, profile photos, auction covers, served images. */
export const uploadsRoutes = defineRoutes({
  createUploadUrl: {
    method: 'POST',
    path: '/api/objects/upload',
    access: 'member',
  },
  receiveLocalUpload: {
    method: 'PUT',
    path: '/api/objects/uploads/:grantId',
    // The upload URL is judged before who is asking: signature, expiry, then the member.
    access: 'public',
  },
  replaceProfileImage: {
    method: 'PUT',
    path: '/api/profile/image',
    access: 'member',
  },
  listProfilePhotos: {
    method: 'GET',
    path: '/api/profile/photos',
    access: 'member',
  },
  addProfilePhoto: {
    method: 'POST',
    path: '/api/profile/photos',
    access: 'member',
  },
  reorderProfilePhotos: {
    method: 'PUT',
    path: '/api/profile/photos/order',
    access: 'member',
  },
  removeProfilePhoto: {
    method: 'DELETE',
    path: '/api/profile/photos/:photoId',
    access: 'member',
  },
  setAuctionCover: {
    method: 'PUT',
    path: '/api/auctions/:id/cover',
    access: 'member',
  },
  clearAuctionCover: {
    method: 'DELETE',
    path: '/api/auctions/:id/cover',
    access: 'member',
  },
  getImage: {
    method: 'GET',
    path: '/api/objects/images/:name',
    access: 'public',
  },
  decideHeldPhoto: {
    method: 'POST',
    path: '/api/moderation/held/photos/:id/decide',
    access: 'moderator',
  },
});
