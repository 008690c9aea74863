import { randomUUID } from 'node:crypto';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_MESSAGES, UPLOAD_URL_TTL_SECONDS, UPLOAD_URLS_PER_HOUR } from '@bid/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { auditLogs } from '../../src/db/schema/index.js';
import { verifyAuditChain } from '../../src/modules/audit/audit.service.js';
import { UploadUrlSigner } from '../../src/lib/storage/upload-url-signer.js';
import { TEST_PUBLIC_URL } from '../support/app.js';
import { testDatabaseFactories, type TestDatabase } from '../support/databases.js';
import { expectRefusal } from '../support/refusals.js';
import { exifHasGps, makeJpegWithGps, makePng, SVG_BYTES } from '../support/images.js';
import { signInByEmail, withSession } from '../support/session.js';
import { createWorld } from '../support/world.js';

const SERVED_IMAGE = /^\/api\/objects\/images\/[0-9a-f-]{36}-1280\.jpg$/;
const withoutQuery = (url: string) => url.split('?')[0]!;
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe.each(testDatabaseFactories())('profile picture uploads on $kind with local storage', (factory) => {
  const world = createWorld(factory, { clock: new Date(), dataDir: true });
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  const members: Record<'ada' | 'bob' | 'cy', { cookie: string; id: string }> = {} as never;

  beforeAll(async () => {
    await world.open();
    ({ testDb, app, dataDir } = world);
    for (const name of ['ada', 'bob', 'cy'] as const) {
      const { cookie, body } = await signInByEmail(app, `${name}.${randomUUID()}@example.com`);
      members[name] = { cookie, id: body.user.id };
    }
  });
  afterAll(() => world.close());

  const requestUpload = (cookie?: string) =>
    app.inject({ method: 'POST', url: '/api/objects/upload', cookies: withSession(cookie) });
  const newUploadUrl = async (cookie: string) => {
    const res = await requestUpload(cookie);
    expect(res.statusCode).toBe(200);
    return res.json<{ uploadURL: string }>().uploadURL;
  };
  const putFile = (
    uploadURL: string,
    bytes: Buffer | string,
    contentType: string,
    cookie?: string,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'PUT',
      url: uploadURL,
      payload: bytes,
      headers: { 'content-type': contentType, ...headers },
      cookies: withSession(cookie),
    });
  const setImage = (imageURL: string, cookie?: string) =>
    app.inject({ method: 'PUT', url: '/api/profile/image', payload: { imageURL }, cookies: withSession(cookie) });
  const currentImage = async (cookie: string) =>
    (await app.inject({ method: 'GET', url: '/api/auth/user', cookies: withSession(cookie) })).json<{
      profileImageUrl: string | null;
    }>().profileImageUrl;
  const uploadedPicture = async (cookie: string, bytes: Buffer, contentType = 'image/png') => {
    const uploadURL = await newUploadUrl(cookie);
    const put = await putFile(uploadURL, bytes, contentType, cookie);
    expect(put.statusCode).toBe(200);
    return uploadURL;
  };
  const incomingFiles = async () => readdir(path.join(dataDir, 'uploads', 'incoming')).catch(() => []);
  const imageFiles = async () => readdir(path.join(dataDir, 'uploads', 'images')).catch(() => []);

  it('refuses nobody with 401 and hands out nothing', async () => {
    const res = await requestUpload();
    expect(res.statusCode).toBe(401);
    expect((await setImage('/api/objects/uploads/x')).statusCode).toBe(401);
    // A valid URL is still of no use without the session it was issued to.
    const uploadURL = await newUploadUrl(members.ada.cookie);
    const put = await putFile(uploadURL, await makePng(), 'image/png');
    expect(put.statusCode).toBe(401);
    expect(await incomingFiles()).toEqual([]);
  });

  it('takes a phone photo through upload, processing and serving, with no EXIF or GPS left', async () => {
    const original = await makeJpegWithGps(64, 32);
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.exif && exifHasGps(originalMeta.exif)).toBe(true);

    const uploadURL = await newUploadUrl(members.ada.cookie);
    expect(uploadURL).toMatch(/^\/api\/objects\/uploads\/[0-9a-f-]{36}\?expires=\d+&signature=[0-9a-f]{64}$/);
    const put = await putFile(uploadURL, original, 'image/jpeg', members.ada.cookie);
    expect(put.statusCode).toBe(200);
    expect(await incomingFiles()).toHaveLength(1);

    const res = await setImage(withoutQuery(uploadURL), members.ada.cookie);
    expect(res.statusCode).toBe(200);
    const user = res.json<{ id: string; profileImageUrl: string; firstName: null }>();
    expect(user).toMatchObject({ id: members.ada.id, firstName: null });
    expect(user.profileImageUrl).toMatch(SERVED_IMAGE);
    expect(await currentImage(members.ada.cookie)).toBe(user.profileImageUrl);
    // The raw upload is gone; only the processed picture remains.
    expect(await incomingFiles()).toEqual([]);

    const served = await app.inject({ method: 'GET', url: user.profileImageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([32, 64]);
    expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);

    const [entry] = await testDb.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, members.ada.id), eq(auditLogs.action, 'upload')));
    expect(entry).toMatchObject({ outcome: 'success', resource: 'profile_image', complianceLevel: 'ial1' });
    expect(entry?.resourceId).toBe(user.profileImageUrl.slice('/api/objects/images/'.length, -'-1280.jpg'.length));
    expect(JSON.stringify(entry?.details)).not.toMatch(/signature|uploads\//);
    expect(await verifyAuditChain(testDb.database.db)).toMatchObject({ ok: true });
  });

  it('replaces the previous picture and deletes its file; accepts the URL with our origin or a query', async () => {
    const before = (await currentImage(members.ada.cookie))!;
    expect(before).toMatch(SERVED_IMAGE);
    const uploadURL = await uploadedPicture(members.ada.cookie, await makePng(30, 30, '#00ff00'));
    const res = await setImage(`${TEST_PUBLIC_URL}${uploadURL}`, members.ada.cookie);
    expect(res.statusCode).toBe(200);
    const after = res.json<{ profileImageUrl: string }>().profileImageUrl;
    expect(after).toMatch(SERVED_IMAGE);
    expect(after).not.toBe(before);
    expect((await app.inject({ method: 'GET', url: before })).statusCode).toBe(404);
    // Only the new photo's variants are left (three widths in three formats).
    const newId = after.slice('/api/objects/images/'.length, -'-1280.jpg'.length);
    const files = await imageFiles();
    expect(files).toHaveLength(9);
    expect(files.every((name) => name.startsWith(newId))).toBe(true);
  });

  it('refuses a text file sent as image/png, by its bytes, and changes nothing', async () => {
    const before = await currentImage(members.ada.cookie);
    const uploadURL = await newUploadUrl(members.ada.cookie);
    const res = await putFile(uploadURL, 'hello, I am plain text', 'image/png', members.ada.cookie);
    expectRefusal(res, 415, UPLOAD_MESSAGES.notAnImage, 'not_an_image');
    expect(await incomingFiles()).toEqual([]);
    const finalize = await setImage(withoutQuery(uploadURL), members.ada.cookie);
    expectRefusal(finalize, 400, UPLOAD_MESSAGES.nothingUploaded, 'nothing_uploaded');
    expect(await currentImage(members.ada.cookie)).toBe(before);
    // Nothing was stored, so the same URL still takes a real picture.
    expect((await putFile(uploadURL, await makePng(), 'image/png', members.ada.cookie)).statusCode).toBe(200);
  });

  it.each([['image/png'], ['image/svg+xml']])('refuses SVG sent as %s and changes nothing', async (contentType) => {
    const before = await currentImage(members.ada.cookie);
    const uploadURL = await newUploadUrl(members.ada.cookie);
    const res = await putFile(uploadURL, SVG_BYTES, contentType, members.ada.cookie);
    expectRefusal(res, 415, UPLOAD_MESSAGES.svgRefused, 'svg_refused');
    expect(await currentImage(members.ada.cookie)).toBe(before);
  });

  it.each([['application/json'], ['text/plain'], ['application/octet-stream']])(
    'refuses a body sent as %s',
    async (contentType) => {
      const uploadURL = await newUploadUrl(members.ada.cookie);
      const body = contentType === 'application/json' ? '{"a":1}' : await makePng();
      const res = await putFile(uploadURL, body, contentType, members.ada.cookie);
      expectRefusal(res, 415, UPLOAD_MESSAGES.notAnImage, 'not_an_image');
    },
  );

  it('refuses a 6 MB body with 413 and keeps the URL usable', async () => {
    const before = await currentImage(members.ada.cookie);
    const uploadURL = await newUploadUrl(members.ada.cookie);
    const big = Buffer.concat([await makePng(), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await putFile(uploadURL, big, 'image/png', members.ada.cookie);
    expectRefusal(res, 413, UPLOAD_MESSAGES.tooLarge, 'too_large');
    expect(await currentImage(members.ada.cookie)).toBe(before);
    expect((await putFile(uploadURL, await makePng(), 'image/png', members.ada.cookie)).statusCode).toBe(200);
  });

  it('refuses a picture 20,000 pixels wide when it is made the profile picture, and removes the file', async () => {
    const before = await currentImage(members.ada.cookie);
    const uploadURL = await uploadedPicture(members.ada.cookie, await makePng(20_000, 1));
    const res = await setImage(withoutQuery(uploadURL), members.ada.cookie);
    expectRefusal(res, 400, UPLOAD_MESSAGES.tooManyPixels, 'too_many_pixels');
    expect(await currentImage(members.ada.cookie)).toBe(before);
    expect(
      await exists(
        path.join(dataDir, 'uploads', withoutQuery(uploadURL).replace('/api/objects/uploads/', 'incoming/')),
      ),
    ).toBe(false);
  });

  it('refuses an expired URL for the upload and for the profile', async () => {
    const before = await currentImage(members.ada.cookie);
    const uploadURL = await newUploadUrl(members.ada.cookie);
    world.clock = new Date(world.clock.getTime() + (UPLOAD_URL_TTL_SECONDS + 1) * 1000);
    const res = await putFile(uploadURL, await makePng(), 'image/png', members.ada.cookie);
    expectRefusal(res, 410, UPLOAD_MESSAGES.urlExpired, 'url_expired');
    const finalize = await setImage(withoutQuery(uploadURL), members.ada.cookie);
    expect(finalize.statusCode).toBe(410);
    expect(finalize.json().message).toBe(UPLOAD_MESSAGES.urlExpired);
    expect(await currentImage(members.ada.cookie)).toBe(before);
  });

  it('accepts an upload made in time even when the profile is set after the expiry', async () => {
    const uploadURL = await uploadedPicture(members.bob.cookie, await makePng());
    world.clock = new Date(world.clock.getTime() + (UPLOAD_URL_TTL_SECONDS + 1) * 1000);
    expect((await setImage(withoutQuery(uploadURL), members.bob.cookie)).statusCode).toBe(200);
  });

  it('refuses a reused URL, for the upload and for the profile', async () => {
    const uploadURL = await uploadedPicture(members.ada.cookie, await makePng());
    const again = await putFile(uploadURL, await makePng(), 'image/png', members.ada.cookie);
    expectRefusal(again, 409, UPLOAD_MESSAGES.urlUsed, 'url_used');
    expect((await setImage(withoutQuery(uploadURL), members.ada.cookie)).statusCode).toBe(200);
    const current = await currentImage(members.ada.cookie);
    const reuse = await setImage(withoutQuery(uploadURL), members.ada.cookie);
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().message).toBe(UPLOAD_MESSAGES.urlUsed);
    expect(await currentImage(members.ada.cookie)).toBe(current);
  });

  it("refuses someone else's URL in the upload and in the profile, and unknown URLs alike", async () => {
    const adaBefore = await currentImage(members.ada.cookie);
    const bobBefore = await currentImage(members.bob.cookie);
    const uploadURL = await newUploadUrl(members.ada.cookie);
    const theft = await putFile(uploadURL, await makePng(), 'image/png', members.bob.cookie);
    expectRefusal(theft, 403, UPLOAD_MESSAGES.urlNotYours, 'url_not_yours');

    expect((await putFile(uploadURL, await makePng(), 'image/png', members.ada.cookie)).statusCode).toBe(200);
    const claim = await setImage(withoutQuery(uploadURL), members.bob.cookie);
    expectRefusal(claim, 403, UPLOAD_MESSAGES.notYourUpload, 'not_your_upload');
    for (const url of [`/api/objects/uploads/${randomUUID()}`, 'https://elsewhere.example/a.png', 'x']) {
      const unknown = await setImage(url, members.bob.cookie);
      expect(unknown.statusCode).toBe(403);
      // The same refusal, each with its own request's id.
      expect(unknown.json()).toEqual({ ...claim.json(), requestId: unknown.headers['x-request-id'] });
    }
    expect(await currentImage(members.ada.cookie)).toBe(adaBefore);
    expect(await currentImage(members.bob.cookie)).toBe(bobBefore);
    // Ada's upload was not spent by Bob's attempt.
    expect((await setImage(withoutQuery(uploadURL), members.ada.cookie)).statusCode).toBe(200);
  });

  it('refuses bad signatures, tampered expiries and unknown grants', async () => {
    const filesBefore = await incomingFiles();
    const uploadURL = await newUploadUrl(members.ada.cookie);
    const [pathPart, query] = uploadURL.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const signature = params.get('signature')!;
    const expires = Number(params.get('expires'));
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const signer = new UploadUrlSigner(loadConfig({ NODE_ENV: 'test' }).sessionSecret);
    const unknownGrant = randomUUID();
    const forged = [
      `${pathPart}?expires=${expires}&signature=${flipped}`,
      `${pathPart}?expires=${expires + 3600}&signature=${signature}`,
      `${pathPart}?expires=${expires}`,
      pathPart,
      `/api/objects/uploads/not-a-uuid?${query}`,
      `/api/objects/uploads/${unknownGrant}?expires=${expires}&signature=${signer.sign(unknownGrant, expires)}`,
    ];
    for (const url of forged) {
      const res = await putFile(url, await makePng(), 'image/png', members.ada.cookie);
      expectRefusal(res, 403, UPLOAD_MESSAGES.urlInvalid, 'url_invalid', url);
    }
    expect(await incomingFiles()).toEqual(filesBefore);
  });

  it('refuses cross-site uploads and profile changes', async () => {
    const uploadURL = await newUploadUrl(members.ada.cookie);
    const put = await putFile(uploadURL, await makePng(), 'image/png', members.ada.cookie, {
      'sec-fetch-site': 'cross-site',
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe('Cross-site requests are not allowed.');
    const evil = await putFile(uploadURL, await makePng(), 'image/png', members.ada.cookie, {
      origin: 'https://evil.example',
    });
    expect(evil.statusCode).toBe(403);
    expect((await putFile(uploadURL, await makePng(), 'image/png', members.ada.cookie)).statusCode).toBe(200);
    const finalize = await app.inject({
      method: 'PUT',
      url: '/api/profile/image',
      payload: { imageURL: withoutQuery(uploadURL) },
      headers: { 'sec-fetch-site': 'cross-site' },
      cookies: withSession(members.ada.cookie),
    });
    expect(finalize.statusCode).toBe(403);
  });

  it('makes one picture of two racing requests for the same upload', async () => {
    const before = await imageFiles();
    for (let round = 0; round < 3; round++) {
      const uploadURL = await uploadedPicture(members.bob.cookie, await makePng());
      const results = await Promise.all([
        setImage(withoutQuery(uploadURL), members.bob.cookie),
        setImage(withoutQuery(uploadURL), members.bob.cookie),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(UPLOAD_MESSAGES.urlUsed);
      const winner = results.find((r) => r.statusCode === 200)!.json<{ profileImageUrl: string }>();
      expect(await currentImage(members.bob.cookie)).toBe(winner.profileImageUrl);
    }
    // Each round replaced Bob's previous picture and the loser removed its copy: as many files as before.
    expect((await imageFiles()).length).toBe(before.length);
  });

  it('answers 404 JSON for unknown, malformed and path-traversal image names', async () => {
    for (const url of [
      `/api/objects/images/${randomUUID()}.jpg`,
      '/api/objects/images/not-an-image.jpg',
      `/api/objects/images/${randomUUID()}.png`,
      '/api/objects/images/..%2F..%2Fpackage.json',
      '/api/objects/images/%2e%2e%2fincoming%2f' + randomUUID(),
      '/api/objects/images/..%2Fincoming%2F' + randomUUID(),
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expectRefusal(res, 404, 'Not found', 'not_found', url);
    }
  });

  it(`hands out at most ${UPLOAD_URLS_PER_HOUR} URLs an hour per member, then again after the hour`, async () => {
    for (let i = 0; i < UPLOAD_URLS_PER_HOUR; i++) await newUploadUrl(members.cy.cookie);
    const refused = await requestUpload(members.cy.cookie);
    expectRefusal(refused, 429, UPLOAD_MESSAGES.tooManyUploads, 'rate_limited');
    // Others are not affected.
    await newUploadUrl(members.bob.cookie);
    world.clock = new Date(world.clock.getTime() + 60 * 60 * 1000 + 1000);
    await newUploadUrl(members.cy.cookie);
  });
});
