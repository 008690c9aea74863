import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { IDENTITY_MESSAGES, UPLOAD_MESSAGES } from '@bid/contract';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLogs, identityDocuments, users } from '../../src/db/schema/index.js';
import { verifyAuditChain } from '../../src/modules/audit/audit.service.js';
import { auctionInput, suiteWorld } from '../support/world.js';
import { testDatabaseFactories } from '../support/databases.js';
import { makeJpegWithGps, makePng } from '../support/images.js';
import { withSession } from '../support/session.js';

type Member = { cookie: string; id: string };
type View = {
  partner: string;
  status: string;
  step: string | null;
  documentType: string | null;
  uploaded: string[];
  confidenceScore: string | null;
  requiresManualReview: boolean;
  attemptedAt: string | null;
  completedAt: string | null;
  url: string | null;
};

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe.each(testDatabaseFactories())('identity verification through the sandbox on $kind', (factory) => {
  const world = suiteWorld(factory, { env: { REQUIRE_VERIFIED_HOSTS: 'true' }, dataDir: true, listen: true });

  const newMember = (name: string): Promise<Member> => world.signUp(name, { card: false });
  const call = (method: 'GET' | 'POST', url: string, who?: Member, payload?: Record<string, unknown>) =>
    world.app.inject({ method, url, cookies: withSession(who?.cookie), ...(payload === undefined ? {} : { payload }) });
  const status = async (who: Member) => (await call('GET', '/api/identity/verification', who)).json<View>();
  const start = (who: Member) => call('POST', '/api/identity/verification', who);
  const uploadPhoto = async (who: Member, bytes?: Buffer) => {
    const grant = await call('POST', '/api/objects/upload', who);
    expect(grant.statusCode).toBe(200);
    const { uploadURL } = grant.json<{ uploadURL: string }>();
    const put = await world.app.inject({
      method: 'PUT',
      url: uploadURL,
      payload: bytes ?? (await makePng(300, 200)),
      headers: { 'content-type': 'image/png' },
      cookies: withSession(who.cookie),
    });
    expect(put.statusCode).toBe(200);
    return uploadURL.split('?')[0]!;
  };
  const addDocument = (who: Member, kind: string, imageURL: string, documentType = 'id_card') =>
    call('POST', '/api/identity/verification/documents', who, { documentType, kind, imageURL });
  const uploadAll = async (who: Member, documentType = 'id_card') => {
    const kinds =
      documentType === 'passport' ? ['document_front', 'selfie'] : ['document_front', 'document_back', 'selfie'];
    for (const kind of kinds) {
      const res = await addDocument(who, kind, await uploadPhoto(who), documentType);
      expect(res.statusCode).toBe(200);
    }
  };
  const complete = (who: Member, outcome: string) => call('POST', '/api/identity/sandbox/complete', who, { outcome });
  const verifiedThroughSandbox = async (who: Member, outcome = 'verified', documentType = 'id_card') => {
    expect((await start(who)).statusCode).toBe(200);
    await uploadAll(who, documentType);
    const res = await complete(who, outcome);
    expect(res.statusCode).toBe(200);
    return res.json<View>();
  };
  const auditOf = (userId: string) =>
    world.testDb.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.userId, userId))
      .orderBy(asc(auditLogs.sequence));
  const notificationsOf = async (who: Member) =>
    (await call('GET', '/api/notifications', who)).json<{ type: string; title: string; message: string }[]>();
  const documentsOf = (userId: string) =>
    world.testDb.database.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.userId, userId))
      .orderBy(asc(identityDocuments.createdAt));
  const makeModerator = (who: Member) => world.makeModerator(who);
  const newAuction = (who: Member) => call('POST', '/api/auctions', who, auctionInput());

  it('answers nobody with 401 and the sandbox has no webhook', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/identity/verification', undefined],
      ['POST', '/api/identity/verification', undefined],
      ['POST', '/api/identity/verification/documents', { documentType: 'passport', kind: 'selfie', imageURL: '/x' }],
      ['POST', '/api/identity/sandbox/complete', { outcome: 'verified' }],
      ['GET', `/api/identity/documents/${randomUUID()}`, undefined],
    ] as const) {
      const res = await call(method, url, undefined, payload);
      expect(res.statusCode, url).toBe(401);
    }
    const hook = await world.app.inject({ method: 'POST', url: '/api/identity/webhook', payload: { id: 'evt_1' } });
    expect(hook.statusCode).toBe(404);
  });

  it('verifies a member with an ID card and a selfie, with the whole trail in the audit chain', async () => {
    const ada = await newMember('Ada');
    expect(await status(ada)).toMatchObject({ partner: 'sandbox', status: 'unverified', step: null, url: null });
    // Hosting needs a verified identity while REQUIRE_VERIFIED_HOSTS is on.
    const refused = await newAuction(ada);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Verify your identity before hosting an auction.' });

    const started = await start(ada);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'pending', step: 'upload_documents', url: '/identity/sandbox' });
    expect(started.json<View>().attemptedAt).not.toBeNull();
    // Nothing uploaded yet: the outcome cannot be chosen.
    const early = await complete(ada, 'verified');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ message: 'Upload every required photo before submitting.' });

    const front = await addDocument(ada, 'document_front', await uploadPhoto(ada, await makeJpegWithGps(400, 300)));
    expect(front.statusCode).toBe(200);
    expect(front.json()).toMatchObject({ documentType: 'id_card', uploaded: ['document_front'] });
    // Front alone is not enough for a card.
    expect((await complete(ada, 'verified')).statusCode).toBe(400);
    expect((await addDocument(ada, 'document_back', await uploadPhoto(ada))).statusCode).toBe(200);
    expect((await addDocument(ada, 'selfie', await uploadPhoto(ada))).statusCode).toBe(200);
    expect((await status(ada)).uploaded.sort()).toEqual(['document_back', 'document_front', 'selfie']);

    const done = await complete(ada, 'verified');
    expect(done.statusCode).toBe(200);
    const view = done.json<View>();
    expect(view).toMatchObject({
      status: 'verified',
      step: 'complete',
      documentType: 'id_card',
      confidenceScore: '0.9700',
      requiresManualReview: false,
      url: null,
    });
    expect(view.completedAt).not.toBeNull();
    const me = (await call('GET', '/api/auth/user', ada)).json<{ identityVerificationStatus: string }>();
    expect(me.identityVerificationStatus).toBe('verified');

    const [row] = await world.testDb.database.db.select().from(users).where(eq(users.id, ada.id));
    expect(row?.idDocumentType).toBe('id_card');
    expect(row?.idDocumentFrontUrl).toMatch(/^\/api\/identity\/documents\/[0-9a-f-]{36}$/);
    expect(row?.idDocumentBackUrl).toMatch(/^\/api\/identity\/documents\/[0-9a-f-]{36}$/);
    expect(row?.biometricSelfieUrl).toMatch(/^\/api\/identity\/documents\/[0-9a-f-]{36}$/);
    expect(row?.verificationDetails).toMatchObject({ partner: 'sandbox', outcome: 'verified' });

    const notices = await notificationsOf(ada);
    expect(notices[0]).toMatchObject({
      type: 'identity_verification',
      title: 'Identity verified',
      message: 'Your identity is verified. A verified badge now shows on your profile and your auctions.',
    });

    const trail = await auditOf(ada.id);
    const identityTrail = trail.filter((e) => e.resource.startsWith('identity_'));
    expect(identityTrail.map((e) => e.action)).toEqual([
      'verification_start',
      'upload',
      'document_secured',
      'upload',
      'document_secured',
      'upload',
      'document_secured',
      'verify',
      'verification_complete',
    ]);
    expect(new Set(identityTrail.map((e) => e.complianceLevel))).toEqual(new Set(['ial2']));
    // No storage key, URL or file name of a document is written into the chain.
    expect(JSON.stringify(identityTrail)).not.toMatch(/identity\/[0-9a-f-]{36}\.jpg|\/api\/identity\/documents/);
    expect(await verifyAuditChain(world.testDb.database.db)).toMatchObject({ ok: true });

    // Verified: the badge shows on the host's auctions and a second attempt is refused.
    const created = await newAuction(ada);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ creator: { id: ada.id, identityVerified: true } });
    const detail = await call('GET', `/api/auctions/${created.json<{ id: string }>().id}`);
    expect(detail.json()).toMatchObject({ creator: { id: ada.id, identityVerified: true } });
    const again = await start(ada);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Your identity is already verified.' });
  });

  it('asks for more input, and a new attempt replaces the old files', async () => {
    const bo = await newMember('Bo');
    const view = await verifiedThroughSandbox(bo, 'requires_input', 'passport');
    expect(view).toMatchObject({
      status: 'requires_input',
      step: 'retry',
      confidenceScore: '0.4100',
      completedAt: null,
    });
    expect((await notificationsOf(bo))[0]).toMatchObject({
      title: 'Verification needs more information',
      message: 'We could not complete your identity check. Open your profile and try again with clear photos.',
    });
    const firstFiles = await documentsOf(bo.id);
    expect(firstFiles).toHaveLength(2);
    const auction = await newAuction(bo);
    expect(auction.statusCode).toBe(403);

    const restarted = await start(bo);
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json()).toMatchObject({ status: 'pending', step: 'upload_documents', uploaded: [] });
    const afterRestart = await documentsOf(bo.id);
    expect(afterRestart.every((doc) => doc.deletedAt !== null && doc.objectKey === null)).toBe(true);
    for (const doc of firstFiles) expect(await exists(path.join(world.dataDir, 'uploads', doc.objectKey!))).toBe(false);
    const deletes = (await auditOf(bo.id)).filter((e) => e.action === 'delete');
    expect(deletes.map((e) => e.resourceId).sort()).toEqual(firstFiles.map((d) => d.id).sort());
  });

  it('fails a verification, and the member may try again', async () => {
    const cy = await newMember('Cy');
    const view = await verifiedThroughSandbox(cy, 'failed');
    expect(view).toMatchObject({ status: 'failed', step: 'complete', confidenceScore: '0.1200' });
    expect(view.completedAt).not.toBeNull();
    expect((await notificationsOf(cy))[0]).toMatchObject({
      title: 'Verification failed',
      message: 'We could not verify your identity. Open your profile to try again.',
    });
    const trail = (await auditOf(cy.id)).filter((e) => e.action === 'verify' || e.action === 'verification_complete');
    expect(trail.map((e) => [e.action, e.outcome])).toEqual([
      ['verify', 'failure'],
      ['verification_complete', 'failure'],
    ]);
    expect((await start(cy)).statusCode).toBe(200);
  });

  it('refreshes the member’s bell live when the verdict and the moderator’s decision write their notices', async () => {
    const fay = await newMember('Fay');
    const mod = await newMember('Moe');
    await makeModerator(mod);
    const socket = await world.live(fay);
    await socket.sync();
    const bellRefresh = { type: 'notifications_changed', channel: `user:${fay.id}` };
    await verifiedThroughSandbox(fay, 'manual_review', 'driving_license');
    expect(await socket.take((m) => m.type === 'notifications_changed')).toEqual(bellRefresh);
    const decided = await call('POST', `/api/moderation/verifications/${fay.id}/decide`, mod, {
      decision: 'verified',
      notes: 'Photo matches the licence.',
    });
    expect(decided.statusCode).toBe(200);
    expect(await socket.take((m) => m.type === 'notifications_changed')).toEqual(bellRefresh);
    socket.close();
  });

  it('sends a verification to manual review, where only moderators decide', async () => {
    const dee = await newMember('Dee');
    const mod = await newMember('Mod');
    const other = await newMember('Other');
    await makeModerator(mod);
    const view = await verifiedThroughSandbox(dee, 'manual_review', 'driving_license');
    expect(view).toMatchObject({ status: 'manual_review', step: 'manual_review', requiresManualReview: true });
    expect((await notificationsOf(dee))[0]).toMatchObject({ title: 'Verification under review' });
    const waiting = await start(dee);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ message: 'Your verification is waiting for a moderator’s decision.' });

    expect((await call('GET', '/api/moderation/verifications')).statusCode).toBe(401);
    expect((await call('GET', '/api/moderation/verifications', other)).statusCode).toBe(404);
    expect((await call('GET', '/api/moderation/verifications', dee)).statusCode).toBe(404);
    const queue = await call('GET', '/api/moderation/verifications', mod);
    expect(queue.statusCode).toBe(200);
    const item = queue
      .json<
        { userId: string; displayName: string; documentType: string; documents: { url: string; kind: string }[] }[]
      >()
      .find((i) => i.userId === dee.id);
    expect(item).toMatchObject({ displayName: 'Dee T.', documentType: 'driving_license' });
    expect(item?.documents.map((d) => d.kind).sort()).toEqual(['document_back', 'document_front', 'selfie']);
    // The moderator can look at the files; the file is a re-encoded JPEG.
    const file = await call('GET', item!.documents[0]!.url, mod);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('private, no-store');

    const decideUrl = `/api/moderation/verifications/${dee.id}/decide`;
    expect((await call('POST', decideUrl, undefined, { decision: 'verified', notes: 'ok' })).statusCode).toBe(401);
    expect((await call('POST', decideUrl, other, { decision: 'verified', notes: 'ok' })).statusCode).toBe(404);
    expect((await call('POST', decideUrl, dee, { decision: 'verified', notes: 'ok' })).statusCode).toBe(404);
    const noNotes = await call('POST', decideUrl, mod, { decision: 'verified', notes: '  ' });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json()).toMatchObject({ message: 'Write the reasons for your decision' });
    const badDecision = await call('POST', decideUrl, mod, { decision: 'maybe', notes: 'hm' });
    expect(badDecision.statusCode).toBe(400);
    expect(badDecision.json()).toMatchObject({ message: 'Choose verified or failed' });
    expect((await status(dee)).status).toBe('manual_review');

    const decided = await call('POST', decideUrl, mod, { decision: 'verified', notes: 'Photo matches the licence.' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toEqual({ userId: dee.id, status: 'verified' });
    const [row] = await world.testDb.database.db.select().from(users).where(eq(users.id, dee.id));
    expect(row).toMatchObject({
      identityVerificationStatus: 'verified',
      requiresManualReview: false,
      reviewerNotes: 'Photo matches the licence.',
    });
    expect((await notificationsOf(dee))[0]).toMatchObject({ title: 'Identity verified' });
    const verify = (await auditOf(dee.id)).filter((e) => e.action === 'verify').at(-1);
    expect(verify).toMatchObject({ outcome: 'success', complianceLevel: 'ial2' });
    expect(verify?.details).toMatchObject({ decidedBy: mod.id, decision: 'verified' });
    const twice = await call('POST', decideUrl, mod, { decision: 'failed', notes: 'no' });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toMatchObject({ message: 'This member is not waiting for a verification review.' });
    expect(
      (await call('GET', '/api/moderation/verifications', mod)).json<{ userId: string }[]>().map((i) => i.userId),
    ).not.toContain(dee.id);
  });

  it('keeps document files private: unreachable by other members and by guessing URLs', async () => {
    const eve = await newMember('Eve');
    const mallory = await newMember('Mallory');
    await verifiedThroughSandbox(eve, 'verified', 'passport');
    const docs = await documentsOf(eve.id);
    expect(docs).toHaveLength(2);
    const [front] = docs;
    expect(front?.objectKey).toMatch(/^identity\/[0-9a-f-]{36}\.jpg$/);
    const onDisk = path.join(world.dataDir, 'uploads', front!.objectKey!);
    expect(await exists(onDisk)).toBe(true);
    // Re-encoded: no EXIF (and so no GPS) survives from the phone photo.
    const stored = await sharp(onDisk).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();

    const own = await call('GET', `/api/identity/documents/${front!.id}`, eve);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');

    const denied = await call('GET', `/api/identity/documents/${front!.id}`, mallory);
    expect(denied.statusCode).toBe(404);
    expect(denied.headers['content-type']).toMatch(/json/);
    const deniedEntry = (await auditOf(mallory.id)).filter((e) => e.action === 'access_denied');
    expect(deniedEntry).toHaveLength(1);
    expect(deniedEntry[0]).toMatchObject({ outcome: 'denied', resourceId: front!.id, complianceLevel: 'ial2' });
    expect((await auditOf(eve.id)).some((e) => e.action === 'access_granted' && e.resourceId === front!.id)).toBe(true);

    // Guessing: the public images route, the object key itself, the storage path.
    const name = path.basename(front!.objectKey!);
    for (const url of [
      `/api/objects/images/${name}`,
      `/api/objects/identity/${name}`,
      `/api/objects/images/..%2Fidentity%2F${name}`,
      `/api/objects/uploads/${name.replace('.jpg', '')}`,
      `/api/identity/documents/${name}`,
      `/api/identity/documents/${randomUUID()}`,
      `/uploads/${front!.objectKey!}`,
    ]) {
      for (const who of [undefined, mallory]) {
        const res = await call('GET', url, who);
        expect([401, 404], `${url} as ${who ? 'mallory' : 'nobody'}`).toContain(res.statusCode);
        expect(res.headers['content-type'] ?? '').not.toMatch(/image/);
      }
    }
    // A member cannot attach someone else's upload as their document.
    const mallorysStart = await start(mallory);
    expect(mallorysStart.statusCode).toBe(200);
    const evesUpload = await uploadPhoto(eve);
    const stolen = await addDocument(mallory, 'selfie', evesUpload, 'passport');
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toMatchObject({ message: UPLOAD_MESSAGES.notYourUpload });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const fay = await newMember('Fay');
    // Before starting, photos and outcomes are refused.
    const notStarted = await addDocument(fay, 'selfie', await uploadPhoto(fay), 'passport');
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json()).toMatchObject({ message: IDENTITY_MESSAGES.notStarted });
    expect((await complete(fay, 'verified')).statusCode).toBe(409);
    expect((await start(fay)).statusCode).toBe(200);

    const badType = await call('POST', '/api/identity/verification/documents', fay, {
      documentType: 'library_card',
      kind: 'selfie',
      imageURL: '/x',
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toMatchObject({ message: 'Choose a document type' });
    const badKind = await addDocument(fay, 'tattoo', '/x', 'passport');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({ message: 'Choose which photo this is' });
    const backOfPassport = await addDocument(fay, 'document_back', await uploadPhoto(fay), 'passport');
    expect(backOfPassport.statusCode).toBe(400);
    expect(backOfPassport.json()).toMatchObject({ message: 'A passport has no back side to upload.' });
    expect((await addDocument(fay, 'document_front', await uploadPhoto(fay), 'passport')).statusCode).toBe(200);
    const switched = await addDocument(fay, 'selfie', await uploadPhoto(fay), 'id_card');
    expect(switched.statusCode).toBe(400);
    expect(switched.json()).toMatchObject({ message: 'Start again to change the document type.' });
    const notAnImage = await world.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      cookies: withSession(fay.cookie),
    });
    const textUrl = notAnImage.json<{ uploadURL: string }>().uploadURL;
    const putText = await world.app.inject({
      method: 'PUT',
      url: textUrl,
      payload: Buffer.from('not a picture at all'),
      headers: { 'content-type': 'image/png' },
      cookies: withSession(fay.cookie),
    });
    expect(putText.statusCode).toBe(415);
    const badOutcome = await complete(fay, 'approve-me');
    expect(badOutcome.statusCode).toBe(400);
    expect(badOutcome.json()).toMatchObject({ message: 'Choose an outcome' });
    expect(await status(fay)).toMatchObject({ status: 'pending', uploaded: ['document_front'] });
  });
});
