import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { signedInUserId } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { decideHeldPhoto } from './held-photos.service.js';
import { localUploadRoutes } from './local-upload.routes.js';
import type { PhotoClassifier } from '../../lib/photo-classifier/photo-classifier.js';
import { LocalObjectStorage } from '../../lib/storage/local-storage.js';
import { createObjectStorage } from '../../lib/storage/create-object-storage.js';
import { createUploadUrl, openProfileImage, type RequestContext, type UploadsDeps } from './uploads.service.js';
import { presentSignedInUser } from '../auth/auth.service.js';
import {
  addProfilePhoto,
  clearAuctionCover,
  listPhotos,
  removeProfilePhoto,
  reorderProfilePhotos,
  replaceMainPhoto,
  setAuctionCover,
} from './photos.service.js';

/** A processed picture's key is unique and never rewritten, so browsers and proxies may keep it forever. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** A held photo may become public or be deleted at any moment: nobody keeps a copy. */
const HELD_IMAGE_CACHE = 'private, no-store';

const contextOf = (request: FastifyRequest): RequestContext => ({
  clientIp: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  sessionId: request.session?.id ?? null,
});

/** Profile picture uploads (docs/product.md §7, docs/uploads.md). */
export async function uploadRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    config: AppConfig;
    now: () => Date;
    photoClassifier: PhotoClassifier;
  },
) {
  const storage = createObjectStorage(opts.config);
  const deps: UploadsDeps = {
    db: opts.db,
    storage,
    now: opts.now,
    log: app.log,
    publicUrl: opts.config.publicUrl,
    photoClassifier: opts.photoClassifier,
    photoHoldThresholds: opts.config.photoHoldThresholds,
  };
  route(app, 'createUploadUrl', async (request) => createUploadUrl(deps, signedInUserId(request)));

  route(app, 'replaceProfileImage', async (request) => {
    const userId = signedInUserId(request);
    return presentSignedInUser(
      opts.db,
      await replaceMainPhoto(deps, userId, request.body.imageURL, contextOf(request)),
    );
  });

  // Profile photos (docs/uploads.md): up to six, the first is the main one (profileImageUrl).
  route(app, 'listProfilePhotos', async (request) => listPhotos(opts.db, signedInUserId(request)));

  route(app, 'addProfilePhoto', async (request, reply) => {
    const userId = signedInUserId(request);
    const answer = await addProfilePhoto(deps, userId, request.body.imageURL, contextOf(request));
    return reply.status(201).send(answer);
  });

  route(app, 'reorderProfilePhotos', async (request) =>
    reorderProfilePhotos(opts.db, signedInUserId(request), request.body.photoIds),
  );

  // Malformed ids are answered like unknown ones (404) by the use cases.
  route(app, 'removeProfilePhoto', async (request) =>
    removeProfilePhoto(deps, signedInUserId(request), request.params.photoId),
  );

  // An auction's cover photo: the host's own; without one, cards show the default (auctionPictureOf).
  route(app, 'setAuctionCover', async (request) => {
    const userId = signedInUserId(request);
    return setAuctionCover(deps, userId, request.params.id, request.body.imageURL, contextOf(request));
  });

  route(app, 'clearAuctionCover', async (request) =>
    clearAuctionCover(deps, signedInUserId(request), request.params.id),
  );

  // Public: pictures show on auction cards that anyone may browse. A held photo is its owner's
  // and the moderators' only, and no shared cache may keep it (docs/trust-and-safety.md "Screening").
  route(app, 'getImage', async (request, reply) => {
    const image = await openProfileImage(deps, request.params.name, request.userId ?? undefined);
    if (!image) throw notFound();
    return reply
      .type(image.contentType)
      .header('cache-control', image.held ? HELD_IMAGE_CACHE : IMMUTABLE_CACHE)
      .header('content-length', image.size)
      .send(image.body);
  });

  // A moderator's decision on a photo the screening held (docs/trust-and-safety.md "Screening"); it
  // sits with the photos, whose files and order it changes. Moderators only: 401 to nobody, 404 to
  // members, checked before the body's schema.
  route(
    app,
    'decideHeldPhoto',
    async (request) =>
      decideHeldPhoto(
        { db: opts.db, now: opts.now, log: app.log, storage },
        signedInUserId(request),
        request.params.id,
        request.body,
      ),
    { db: opts.db },
  );

  // With S3 the browser uploads to the bucket; only local storage needs a route to receive files.
  if (storage instanceof LocalObjectStorage) {
    await app.register(localUploadRoutes, { deps: { ...deps, storage } });
  }
}
