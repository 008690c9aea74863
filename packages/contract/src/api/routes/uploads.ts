import { defineRoutes } from '../endpoint.js';

/** Uploads and photos (docs/uploads.md): upload URLs, profile photos, auction covers, served images. */
export const uploadsRoutes = defineRoutes({
  createUploadUrl: {
    method: 'POST',
    path: '/api/objects/upload',
    access: 'member',
    summary: 'A one-time URL to upload one image to.',
  },
  receiveLocalUpload: {
    method: 'PUT',
    path: '/api/objects/uploads/:grantId',
    // The upload URL is judged before who is asking: signature, expiry, then the member.
    access: 'public',
    summary: 'Receive the file of an upload URL (local storage stands in for the bucket).',
  },
  replaceProfileImage: {
    method: 'PUT',
    path: '/api/profile/image',
    access: 'member',
    summary: "An upload becomes the member's main photo.",
  },
  listProfilePhotos: {
    method: 'GET',
    path: '/api/profile/photos',
    access: 'member',
    summary: "The member's photos in order; the first is the main one.",
  },
  addProfilePhoto: {
    method: 'POST',
    path: '/api/profile/photos',
    access: 'member',
    summary: "An upload joins the member's photos.",
  },
  reorderProfilePhotos: {
    method: 'PUT',
    path: '/api/profile/photos/order',
    access: 'member',
    summary: "Put the member's photos in a new order.",
  },
  removeProfilePhoto: {
    method: 'DELETE',
    path: '/api/profile/photos/:photoId',
    access: 'member',
    summary: 'Delete one of the member’s photos.',
  },
  setAuctionCover: {
    method: 'PUT',
    path: '/api/auctions/:id/cover',
    access: 'member',
    summary: "An upload of the host becomes the auction's cover.",
  },
  clearAuctionCover: {
    method: 'DELETE',
    path: '/api/auctions/:id/cover',
    access: 'member',
    summary: 'The auction shows its default picture again.',
  },
  getImage: {
    method: 'GET',
    path: '/api/objects/images/:name',
    access: 'public',
    summary: 'A photo file; a held one only to its owner and moderators.',
  },
  decideHeldPhoto: {
    method: 'POST',
    path: '/api/moderation/held/photos/:id/decide',
    access: 'moderator',
    summary: 'Approve or reject a photo the screening held.',
  },
});
