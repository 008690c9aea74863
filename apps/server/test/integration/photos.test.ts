import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_MESSAGES, PROFILE_PHOTOS_MAX, UPLOAD_MESSAGES } from '@bid/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAuction } from '../support/auctions.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { makePng } from '../support/images.js';
import { signInByEmail, withSession } from '../support/session.js';
import { createWorld } from '../support/world.js';

interface Photos {
  photos: { id: string; url: string }[];
}

/** Profile photos and auction covers (docs/uploads.md, "Photos"), through the real routes and local storage. */
describe.each(testDatabaseFactories())('photos and covers on $kind', (factory) => {
  const world = createWorld(factory, { dataDir: true });
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  const members: Record<'ada' | 'bob', { cookie: string; id: string }> = {} as never;

  beforeAll(async () => {
    await world.open();
    ({ testDb, app, dataDir } = world);
    for (const name of ['ada', 'bob'] as const) {
      const { cookie, body } = await signInByEmail(app, `${name}.${randomUUID()}@example.com`);
      members[name] = { cookie, id: body.user.id };
    }
  });
  afterAll(() => world.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    app.inject({ method, url, cookies: withSession(cookie), ...(payload ? { payload } : {}) });
  const uploaded = async (cookie: string, width = 900, height = 600, color = '#336699') => {
    const grant = await call('POST', '/api/objects/upload', cookie);
    const { uploadURL } = grant.json<{ uploadURL: string }>();
    const put = await app.inject({
      method: 'PUT',
      url: uploadURL,
      payload: await makePng(width, height, color),
      headers: { 'content-type': 'image/png' },
      cookies: withSession(cookie),
    });
    expect(put.statusCode).toBe(200);
    return uploadURL.split('?')[0]!;
  };
  const photosOf = async (cookie: string) => (await call('GET', '/api/profile/photos', cookie)).json<Photos>().photos;
  const mainPicture = async (cookie: string) =>
    (await call('GET', '/api/auth/user', cookie)).json<{ profileImageUrl: string | null }>().profileImageUrl;
  const imageFiles = async () => readdir(path.join(dataDir, 'uploads', 'images')).catch(() => [] as string[]);

  it('adds photos in order; the first is the main picture, with every variant served', async () => {
    const first = await call('POST', '/api/profile/photos', members.ada.cookie, {
      imageURL: await uploaded(members.ada.cookie),
    });
    expect(first.statusCode).toBe(201);
    const second = await call('POST', '/api/profile/photos', members.ada.cookie, {
      imageURL: await uploaded(members.ada.cookie, 300, 200, '#993366'),
    });
    const photos = second.json<Photos>().photos;
    expect(photos).toHaveLength(2);
    expect(await mainPicture(members.ada.cookie)).toBe(photos[0]!.url);
    for (const photo of photos) expect(photo.url).toBe(`/api/objects/images/${photo.id}-1280.jpg`);

    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpg', 'image/jpeg'],
    ] as const) {
      const res = await call('GET', `/api/objects/images/${photos[0]!.id}-640.${format}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
    }
    // 300 px wide: never enlarged.
    const small = await call('GET', `/api/objects/images/${photos[1]!.id}-1280.webp`);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(300);
  });

  it('reorders: the new first photo becomes the main picture', async () => {
    const before = await photosOf(members.ada.cookie);
    const ids = before.map((p) => p.id).reverse();
    const res = await call('PUT', '/api/profile/photos/order', members.ada.cookie, { photoIds: ids });
    expect(res.statusCode).toBe(200);
    expect(res.json<Photos>().photos.map((p) => p.id)).toEqual(ids);
    expect(await mainPicture(members.ada.cookie)).toBe(before[1]!.url);
  });

  it('refuses an order that is not exactly the member’s photos, changing nothing', async () => {
    const before = await photosOf(members.ada.cookie);
    const ids = before.map((p) => p.id);
    for (const photoIds of [[ids[0]!], [ids[0]!, ids[0]!], [ids[0]!, randomUUID()], [...ids, randomUUID()]]) {
      const res = await call('PUT', '/api/profile/photos/order', members.ada.cookie, { photoIds });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'order_mismatch', message: PHOTO_MESSAGES.orderMismatch });
    }
    expect(await photosOf(members.ada.cookie)).toEqual(before);
  });

  it('lets nobody and no other member list, add to, reorder or delete someone’s photos', async () => {
    const before = await photosOf(members.ada.cookie);
    const adaUpload = await uploaded(members.ada.cookie);
    expect((await call('GET', '/api/profile/photos')).statusCode).toBe(401);
    expect((await call('POST', '/api/profile/photos', undefined, { imageURL: adaUpload })).statusCode).toBe(401);
    const stolen = await call('POST', '/api/profile/photos', members.bob.cookie, { imageURL: adaUpload });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toMatchObject({ message: UPLOAD_MESSAGES.notYourUpload });
    const order = { photoIds: before.map((p) => p.id) };
    expect((await call('PUT', '/api/profile/photos/order', undefined, order)).statusCode).toBe(401);
    expect((await call('PUT', '/api/profile/photos/order', members.bob.cookie, order)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/profile/photos/${before[0]!.id}`)).statusCode).toBe(401);
    const del = await call('DELETE', `/api/profile/photos/${before[0]!.id}`, members.bob.cookie);
    expect(del.statusCode).toBe(404);
    expect((await call('DELETE', '/api/profile/photos/not-a-uuid', members.ada.cookie)).statusCode).toBe(404);
    expect(await photosOf(members.bob.cookie)).toEqual([]);
    expect(await photosOf(members.ada.cookie)).toEqual(before);
    // Ada's upload is still hers to use.
    const own = await call('POST', '/api/profile/photos', members.ada.cookie, { imageURL: adaUpload });
    expect(own.statusCode).toBe(201);
  });

  it(`holds at most ${PROFILE_PHOTOS_MAX} photos`, async () => {
    while ((await photosOf(members.ada.cookie)).length < PROFILE_PHOTOS_MAX) {
      const res = await call('POST', '/api/profile/photos', members.ada.cookie, {
        imageURL: await uploaded(members.ada.cookie, 40, 40),
      });
      expect(res.statusCode).toBe(201);
    }
    const filesBefore = await imageFiles();
    const res = await call('POST', '/api/profile/photos', members.ada.cookie, {
      imageURL: await uploaded(members.ada.cookie, 40, 40),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'too_many_photos', message: PHOTO_MESSAGES.tooManyPhotos });
    expect(await imageFiles()).toEqual(filesBefore);
  });

  it('deletes a photo and its files; deleting the main one promotes the next, the last one clears the picture', async () => {
    let photos = await photosOf(members.ada.cookie);
    while (photos.length > 0) {
      const [main, next] = photos;
      const res = await call('DELETE', `/api/profile/photos/${main!.id}`, members.ada.cookie);
      expect(res.statusCode).toBe(200);
      photos = res.json<Photos>().photos;
      expect(photos.map((p) => p.id)).not.toContain(main!.id);
      expect(await mainPicture(members.ada.cookie)).toBe(next?.url ?? null);
      expect((await imageFiles()).some((name) => name.startsWith(main!.id))).toBe(false);
      expect((await call('GET', main!.url)).statusCode).toBe(404);
    }
  });

  it('sets and clears an auction cover for its host only', async () => {
    const auctionId = await insertAuction(testDb.database.db, {
      creatorId: members.bob.id,
      endTime: new Date(Date.now() + 86_400_000),
    });
    const coverOf = async () =>
      (await call('GET', `/api/auctions/${auctionId}`)).json<{ coverImageUrl: string | null }>().coverImageUrl;
    const bobUpload = await uploaded(members.bob.cookie);

    expect((await call('PUT', `/api/auctions/${auctionId}/cover`, undefined, { imageURL: bobUpload })).statusCode).toBe(
      401,
    );
    const adaUpload = await uploaded(members.ada.cookie);
    const notHost = await call('PUT', `/api/auctions/${auctionId}/cover`, members.ada.cookie, { imageURL: adaUpload });
    expect(notHost.statusCode).toBe(403);
    expect(notHost.json()).toMatchObject({ message: PHOTO_MESSAGES.notYourAuction });
    // The host cannot use another member's upload either.
    const borrowed = await call('PUT', `/api/auctions/${auctionId}/cover`, members.bob.cookie, { imageURL: adaUpload });
    expect(borrowed.statusCode).toBe(403);
    expect(await coverOf()).toBeNull();
    const unknown = await call('PUT', `/api/auctions/${randomUUID()}/cover`, members.bob.cookie, {
      imageURL: bobUpload,
    });
    expect(unknown.statusCode).toBe(404);

    const set = await call('PUT', `/api/auctions/${auctionId}/cover`, members.bob.cookie, { imageURL: bobUpload });
    expect(set.statusCode).toBe(200);
    const { coverImageUrl } = set.json<{ coverImageUrl: string }>();
    expect(coverImageUrl).toMatch(/^\/api\/objects\/images\/[0-9a-f-]{36}-1280\.jpg$/);
    expect(await coverOf()).toBe(coverImageUrl);
    expect((await call('GET', coverImageUrl)).statusCode).toBe(200);

    // A new cover replaces the old one, whose files go.
    const replaced = await call('PUT', `/api/auctions/${auctionId.toUpperCase()}/cover`, members.bob.cookie, {
      imageURL: await uploaded(members.bob.cookie),
    });
    expect(replaced.statusCode).toBe(200);
    expect((await call('GET', coverImageUrl)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/auctions/${auctionId}/cover`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/auctions/${auctionId}/cover`, members.ada.cookie)).statusCode).toBe(403);
    expect(await coverOf()).toBe(replaced.json<{ coverImageUrl: string }>().coverImageUrl);
    const cleared = await call('DELETE', `/api/auctions/${auctionId}/cover`, members.bob.cookie);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ coverImageUrl: null, heldCoverImageUrl: null });
    expect(await coverOf()).toBeNull();
  });
});
