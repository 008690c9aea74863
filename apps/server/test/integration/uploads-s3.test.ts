import { randomUUID } from 'node:crypto';
import { UPLOAD_MESSAGES } from '@bid/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { S3ObjectStorage } from '../../src/lib/storage/s3-storage.js';
import { testDatabaseFactories } from '../support/databases.js';
import { exifHasGps, makeJpegWithGps, makePng, SVG_BYTES } from '../support/images.js';
import { S3RVER_CREDENTIALS, startTestS3Server, type TestS3Server } from '../support/s3.js';
import { withSession } from '../support/session.js';
import { suiteWorldWith, type Member } from '../support/world.js';

const withoutQuery = (url: string) => url.split('?')[0]!;

/** The same flow with S3_* set, against a real S3 API (s3rver) on a loopback port. */
describe.each(testDatabaseFactories())('profile picture uploads on $kind with S3 storage', (factory) => {
  const world = suiteWorldWith(factory, { start: () => startTestS3Server(), stop: (s3) => s3.stop() }, (s3) => ({
    env: s3.env,
  }));
  let s3: TestS3Server;
  let bucket: S3ObjectStorage;
  let ada: Member;
  let bob: Member;

  beforeAll(async () => {
    s3 = world.service;
    bucket = new S3ObjectStorage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      ...S3RVER_CREDENTIALS,
    });
    ada = await world.signUp('Ada', { profile: false });
    bob = await world.signUp('Bob', { profile: false });
  });

  const newUploadUrl = async (cookie: string) => {
    const res = await world.app.inject({ method: 'POST', url: '/api/objects/upload', cookies: withSession(cookie) });
    expect(res.statusCode).toBe(200);
    return res.json<{ uploadURL: string }>().uploadURL;
  };
  const putToBucket = (uploadURL: string, bytes: Buffer, contentType: string) =>
    fetch(uploadURL, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } });
  const setImage = (imageURL: string, cookie: string) =>
    world.app.inject({ method: 'PUT', url: '/api/profile/image', payload: { imageURL }, cookies: withSession(cookie) });
  const currentImage = async (cookie: string) =>
    (await world.app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(cookie) })).json<{
      profileImageUrl: string | null;
    }>().profileImageUrl;
  const rawKeyOf = (uploadURL: string) => new URL(uploadURL).pathname.slice(`/${s3.bucket}/`.length);

  it('uploads straight to the bucket, then processes and serves the picture through the app', async () => {
    const original = await makeJpegWithGps(64, 32);
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.exif && exifHasGps(originalMeta.exif)).toBe(true);

    const uploadURL = await newUploadUrl(ada.cookie);
    expect(uploadURL.startsWith(`${s3.endpoint}/${s3.bucket}/incoming/`)).toBe(true);
    expect(new URL(uploadURL).searchParams.get('X-Amz-Expires')).toMatch(/^(299|300)$/);
    expect((await putToBucket(uploadURL, original, 'image/jpeg')).status).toBe(200);

    const res = await setImage(withoutQuery(uploadURL), ada.cookie);
    expect(res.statusCode).toBe(200);
    const { profileImageUrl } = res.json<{ profileImageUrl: string }>();
    expect(profileImageUrl).toMatch(/^\/api\/objects\/images\/[0-9a-f-]{36}-1280\.jpg$/);
    expect(await bucket.readObject(rawKeyOf(uploadURL), 10_000_000)).toBeUndefined();

    const served = await world.app.inject({ method: 'GET', url: profileImageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 32, height: 64 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    // Its AVIF and WebP variants are in the bucket too, served through the app.
    const avif = await world.app.inject({ method: 'GET', url: profileImageUrl.replace('-1280.jpg', '-320.avif') });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
  });

  it('lets the page connect to the bucket (CSP) and has no local upload route', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain(`connect-src 'self' ${s3.endpoint}`);
    const local = await world.app.inject({
      method: 'PUT',
      url: `/api/objects/uploads/${randomUUID()}`,
      payload: await makePng(),
      headers: { 'content-type': 'image/png' },
      cookies: withSession(ada.cookie),
    });
    expect(local.statusCode).toBe(404);
  });

  it('refuses what the bucket accepted but is no picture or too large, and removes it', async () => {
    const before = await currentImage(ada.cookie);
    const cases: [Buffer, string, number, string][] = [
      [Buffer.from('plain text'), 'image/png', 415, UPLOAD_MESSAGES.notAnImage],
      [SVG_BYTES, 'image/png', 415, UPLOAD_MESSAGES.svgRefused],
      [Buffer.concat([await makePng(), Buffer.alloc(6 * 1024 * 1024)]), 'image/png', 413, UPLOAD_MESSAGES.tooLarge],
      [await makePng(20_000, 1), 'image/png', 400, UPLOAD_MESSAGES.tooManyPixels],
    ];
    for (const [bytes, contentType, status, message] of cases) {
      const uploadURL = await newUploadUrl(ada.cookie);
      expect((await putToBucket(uploadURL, bytes, contentType)).status).toBe(200);
      const res = await setImage(withoutQuery(uploadURL), ada.cookie);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await bucket.readObject(rawKeyOf(uploadURL), 10_000_000)).toBeUndefined();
    }
    expect(await currentImage(ada.cookie)).toBe(before);
  });

  it("refuses a missing upload, someone else's upload and a reused one", async () => {
    const uploadURL = await newUploadUrl(ada.cookie);
    const early = await setImage(withoutQuery(uploadURL), ada.cookie);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(UPLOAD_MESSAGES.nothingUploaded);

    expect((await putToBucket(uploadURL, await makePng(), 'image/png')).status).toBe(200);
    const theft = await setImage(withoutQuery(uploadURL), bob.cookie);
    expect(theft.statusCode).toBe(403);
    expect(theft.json().message).toBe(UPLOAD_MESSAGES.notYourUpload);
    expect(await currentImage(bob.cookie)).toBeNull();

    expect((await setImage(withoutQuery(uploadURL), ada.cookie)).statusCode).toBe(200);
    const reuse = await setImage(withoutQuery(uploadURL), ada.cookie);
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().message).toBe(UPLOAD_MESSAGES.urlUsed);
  });
});
