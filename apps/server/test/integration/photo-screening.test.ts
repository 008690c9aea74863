import {
  HELD_ITEM_NOT_FOUND,
  HELD_PHOTO_APPROVED_TITLE,
  HELD_PHOTO_REJECTED_TITLE,
  heldPhotoRejectedMessage,
  type AuctionDetail,
  type AuctionCoverResponse,
  type HeldItem,
  type ProfilePhotosResponse,
  type PublicMember,
} from '@bid/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, notifications, photoReviews } from '../../src/db/schema/index.js';
import { createPhotoClassifier } from '../../src/lib/photo-classifier/photo-classifier.js';
import { testDatabaseFactories } from '../support/databases.js';
import { makePng } from '../support/images.js';
import { withSession } from '../support/session.js';
import { auctionInput, suiteWorld, type Member } from '../support/world.js';

/**
 * Photo screening (docs/trust-and-safety.md "Screening", issue 36 point 4) through the real routes,
 * the real image model and local storage. The world's app has the production thresholds, under
 * which ordinary photos pass. No photo the model scores as explicit can be shipped with the
 * repository, so a second app on the same database holds every photo ("Porn=0": any score
 * reaches it) to exercise the held path with real classifications; a third has a stopped
 * classifier, a real failure.
 */
describe.each(testDatabaseFactories())('photo screening on $kind', (factory) => {
  const world = suiteWorld(factory, { dataDir: true });
  let strictApp: FastifyInstance;
  let failingApp: FastifyInstance;
  const failureLog: string[] = [];
  let owner: Member;
  let other: Member;
  let moderator: Member;

  beforeAll(async () => {
    owner = await world.signUp('Olive');
    other = await world.signUp('Otis');
    moderator = await world.signUp('Mona');
    await world.makeModerator(moderator);
    strictApp = await world.openAnotherApp({ PHOTO_HOLD_THRESHOLDS: 'Porn=0' });
    const stopped = createPhotoClassifier();
    await stopped.close();
    const logger = pino({ level: 'info' }, { write: (line: string) => void failureLog.push(line) });
    failingApp = await world.openAnotherApp({}, { photoClassifier: stopped, logger });
  }, 180_000);

  const on = (app: FastifyInstance, who: Member | undefined, method: string, url: string, payload?: object) =>
    app.inject({
      method: method as 'GET',
      url,
      cookies: withSession(who?.cookie),
      ...(payload ? { payload } : {}),
    });
  const uploaded = async (app: FastifyInstance, who: Member, color = '#336699') => {
    const { uploadURL } = (await on(app, who, 'POST', '/api/objects/upload')).json<{ uploadURL: string }>();
    const put = await app.inject({
      method: 'PUT',
      url: uploadURL,
      payload: await makePng(900, 600, color),
      headers: { 'content-type': 'image/png' },
      cookies: withSession(who.cookie),
    });
    expect(put.statusCode).toBe(200);
    return uploadURL.split('?')[0]!;
  };
  const addPhoto = async (app: FastifyInstance, who: Member, color?: string) => {
    const res = await on(app, who, 'POST', '/api/profile/photos', { imageURL: await uploaded(app, who, color) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ProfilePhotosResponse>().photos.at(-1)!;
  };
  const mainPicture = async (who: Member) =>
    (await world.call(who, 'GET', '/api/auth/user')).json<{ profileImageUrl: string | null }>().profileImageUrl;
  const memberPage = async (of: Member, viewer: Member) =>
    (await world.call(viewer, 'GET', `/api/users/${of.id}`)).json<PublicMember>();
  const reviewOf = async (imageId: string) =>
    (await world.db.select().from(photoReviews).where(eq(photoReviews.imageId, imageId)))[0];
  const image = (who: Member | undefined, url: string) => world.call(who, 'GET', url.replace('-1280.jpg', '-320.webp'));
  const heldQueue = async () => (await world.call(moderator, 'GET', '/api/moderation/held')).json<HeldItem[]>();
  const noticesOf = (who: Member, title: string) =>
    world.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, who.id), eq(notifications.title, title)));

  it('passes an ordinary photo at the production thresholds: public at once, no review', async () => {
    const photo = await addPhoto(world.app, owner);
    expect(photo.inReview).toBe(false);
    expect(await reviewOf(photo.id)).toBeUndefined();
    expect(await mainPicture(owner)).toBe(photo.url);
    expect((await memberPage(owner, other)).photos).toContain(photo.url);
    const res = await image(undefined, photo.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('holds a photo above the thresholds: stored, "in review" to its owner, absent for everyone else', async () => {
    const before = await mainPicture(owner);
    const held = await addPhoto(strictApp, owner, '#884422');
    expect(held.inReview).toBe(true);
    const review = await reviewOf(held.id);
    expect(review).toMatchObject({ ownerId: owner.id, kind: 'profile_photo', status: 'pending', failure: null });
    expect(review!.scores).toEqual(
      expect.objectContaining({ Porn: expect.any(Number), Sexy: expect.any(Number), Neutral: expect.any(Number) }),
    );
    // Its owner sees it in their photos; the main picture and the member page skip it.
    const own = (await world.call(owner, 'GET', '/api/profile/photos')).json<ProfilePhotosResponse>().photos;
    expect(own.find((photo) => photo.id === held.id)).toMatchObject({ inReview: true });
    expect(await mainPicture(owner)).toBe(before);
    expect((await memberPage(owner, other)).photos).not.toContain(held.url);
    // The image itself: its owner and moderators only, never cached publicly.
    for (const who of [owner, moderator]) {
      const res = await image(who, held.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    expect((await image(other, held.url)).statusCode).toBe(404);
    expect((await image(undefined, held.url)).statusCode).toBe(404);
    // Queued for moderators with its scores.
    const item = (await heldQueue()).find((entry) => entry.id === held.id);
    expect(item).toMatchObject({
      kind: 'photo',
      member: { id: owner.id },
      photo: { kind: 'profile_photo', url: held.url, auctionId: null, failure: null },
    });
    expect(item!.photo!.scores).toEqual(review!.scores);
  });

  it('lets only moderators see the queue and decide; bad input is a 400 naming the field and changes nothing', async () => {
    const held = await addPhoto(strictApp, owner, '#225588');
    const decide = `/api/moderation/held/photos/${held.id}/decide`;
    expect((await world.call(undefined, 'GET', '/api/moderation/held')).statusCode).toBe(401);
    expect((await world.call(other, 'GET', '/api/moderation/held')).statusCode).toBe(404);
    expect((await world.call(undefined, 'POST', decide, { decision: 'approve', reasons: 'ok' })).statusCode).toBe(401);
    expect((await world.call(owner, 'POST', decide, { decision: 'approve', reasons: 'ok' })).statusCode).toBe(404);
    const bad = await world.call(moderator, 'POST', decide, { decision: 'maybe', reasons: 'ok' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'decision' });
    const noReasons = await world.call(moderator, 'POST', decide, { decision: 'approve', reasons: '' });
    expect(noReasons.statusCode).toBe(400);
    expect(noReasons.json()).toMatchObject({ field: 'reasons' });
    const unknown = await world.call(moderator, 'POST', '/api/moderation/held/photos/not-an-id/decide', {
      decision: 'approve',
      reasons: 'ok',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: HELD_ITEM_NOT_FOUND });
    expect(await reviewOf(held.id)).toMatchObject({ status: 'pending', decidedAt: null });
    expect((await image(other, held.url)).statusCode).toBe(404);
  });

  it('approve: the photo shows to everyone, its owner is told, the decision is audit-logged', async () => {
    const item = (await heldQueue()).find((entry) => entry.kind === 'photo' && entry.member.id === owner.id)!;
    const res = await world.call(moderator, 'POST', `/api/moderation/held/photos/${item.id}/decide`, {
      decision: 'approve',
      reasons: 'An ordinary portrait',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: item.id, status: 'approved' });
    expect(await reviewOf(item.id)).toMatchObject({ status: 'approved', decidedBy: moderator.id });
    const url = item.photo!.url;
    const shown = await image(other, url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await memberPage(owner, other)).photos).toContain(url);
    expect(await noticesOf(owner, HELD_PHOTO_APPROVED_TITLE)).toHaveLength(1);
    const audit = await world.db.select().from(auditLogs).where(eq(auditLogs.resourceId, item.id));
    expect(audit.find((row) => row.action === 'verify')).toMatchObject({
      userId: moderator.id,
      resource: 'profile_photo',
      details: { decision: 'approve_photo', source: 'screening' },
    });
    // Decided once.
    const again = await world.call(moderator, 'POST', `/api/moderation/held/photos/${item.id}/decide`, {
      decision: 'reject',
      reasons: 'Second thoughts',
    });
    expect(again.statusCode).toBe(404);
  });

  it('reject: the photo and its files go, its owner is told why, the decision is audit-logged', async () => {
    const item = (await heldQueue()).find((entry) => entry.kind === 'photo' && entry.member.id === owner.id)!;
    const res = await world.call(moderator, 'POST', `/api/moderation/held/photos/${item.id}/decide`, {
      decision: 'reject',
      reasons: 'Not a photo of you',
    });
    expect(res.statusCode).toBe(200);
    const own = (await world.call(owner, 'GET', '/api/profile/photos')).json<ProfilePhotosResponse>().photos;
    expect(own.map((photo) => photo.id)).not.toContain(item.id);
    expect((await image(owner, item.photo!.url)).statusCode).toBe(404);
    const [notice] = await noticesOf(owner, HELD_PHOTO_REJECTED_TITLE);
    expect(notice?.message).toBe(heldPhotoRejectedMessage('profile photo', 'Not a photo of you'));
    expect(notice?.message).toBe('Our moderators removed your profile photo. Reasons: Not a photo of you');
    const audit = await world.db.select().from(auditLogs).where(eq(auditLogs.resourceId, item.id));
    expect(audit.find((row) => row.action === 'verify')?.details).toEqual({
      decision: 'reject_photo',
      source: 'screening',
    });
  });

  it('holds an auction cover beside the auction: others keep the current picture until approval', async () => {
    const created = await world.call(owner, 'POST', '/api/auctions', auctionInput({}, world.now()));
    expect(created.statusCode, created.body).toBe(201);
    const auctionId = created.json<{ id: string }>().id;
    const res = await on(strictApp, owner, 'PUT', `/api/auctions/${auctionId}/cover`, {
      imageURL: await uploaded(strictApp, owner, '#557733'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<AuctionCoverResponse>();
    expect(answer.coverImageUrl).toBeNull();
    expect(answer.heldCoverImageUrl).toMatch(/^\/api\/objects\/images\/.+-1280\.jpg$/);
    const held = answer.heldCoverImageUrl!;
    const detail = (await world.call(other, 'GET', `/api/auctions/${auctionId}`)).json<AuctionDetail>();
    expect(detail.coverImageUrl).toBeNull();
    expect((await image(other, held)).statusCode).toBe(404);
    expect((await image(owner, held)).statusCode).toBe(200);

    const item = (await heldQueue()).find((entry) => entry.photo?.auctionId === auctionId)!;
    expect(item.photo).toMatchObject({ kind: 'auction_cover', url: held });
    const approve = await world.call(moderator, 'POST', `/api/moderation/held/photos/${item.id}/decide`, {
      decision: 'approve',
      reasons: 'A coffee cup',
    });
    expect(approve.statusCode).toBe(200);
    const after = (await world.call(other, 'GET', `/api/auctions/${auctionId}`)).json<AuctionDetail>();
    expect(after.coverImageUrl).toBe(held);
    expect((await image(other, held)).statusCode).toBe(200);
  });

  it('a classifier failure holds the photo for review and the log says why (never passes silently)', async () => {
    const held = await addPhoto(failingApp, other, '#663399');
    expect(held.inReview).toBe(true);
    expect(await reviewOf(held.id)).toMatchObject({
      status: 'pending',
      scores: null,
      failure: 'the classifier is stopped',
    });
    expect((await image(owner, held.url)).statusCode).toBe(404);
    const item = (await heldQueue()).find((entry) => entry.id === held.id);
    expect(item?.photo).toMatchObject({ scores: null, failure: 'the classifier is stopped' });
    const logged = failureLog.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({
        photoId: held.id,
        failure: 'the classifier is stopped',
        msg: 'photo classifier failed: the photo is held for a moderator',
      }),
    );
  });
});
