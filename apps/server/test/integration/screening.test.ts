import {
  HELD_ITEM_NOT_FOUND,
  HELD_LISTING_APPROVED_TITLE,
  HELD_LISTING_EDIT_MESSAGE,
  HELD_LISTING_REJECTED_TITLE,
  LISTING_REFUSAL_MESSAGES,
  PROFILE_REFUSAL_MESSAGES,
  type AuctionListItem,
  type HeldItem,
} from '@bid/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auctions, auditLogs, notifications } from '../../src/db/schema/index.js';
import { onHeldListingPublished } from '../../src/modules/auctions/listing-screening.js';
import { testDatabaseFactories } from '../support/databases.js';
import { completeProfile } from '../support/profiles.js';
import { auctionInput, suiteWorld, type Member } from '../support/world.js';

/** Screening of listings and profiles, and the moderators' queue of what it held (docs/trust-and-safety.md "Screening"). */
describe.each(testDatabaseFactories())('screening of listings and profiles on $kind', (factory) => {
  const world = suiteWorld(factory, { clock: new Date() });
  const { call } = world;
  let host: Member;
  let other: Member;
  let moderator: Member;

  beforeAll(async () => {
    host = await world.signUp('Hana');
    other = await world.signUp('Otto');
    moderator = await world.signUp('Mona');
    await world.makeModerator(moderator);
  }, 120_000);

  const create = (overrides: Parameters<typeof auctionInput>[0]) =>
    call(host, 'POST', '/api/auctions', auctionInput(overrides, world.clock));
  const browseIds = async (who?: Member) =>
    (await call(who, 'GET', '/api/auctions')).json<AuctionListItem[]>().map((auction) => auction.id);
  const countAuctions = async () => (await world.db.select({ id: auctions.id }).from(auctions)).length;

  it('allows an ordinary listing, look-alikes included, and publishes it at once', async () => {
    const res = await create({
      title: 'Call of Duty night in Sussex',
      description: 'Happy hour, then wine and cheese.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const auction = res.json<AuctionListItem>();
    expect(auction.review).toBeUndefined();
    expect(await browseIds(other)).toContain(auction.id);
  });

  it('screens only the texts: an end time or a price whose digits read as a word is not held', async () => {
    // "455" and "717" read as words in look-alike digits; before the listing's four texts were
    // taken by name, an end time at "….455Z" held about one listing in a thousand, at random.
    const end = new Date(world.clock.getTime() + 86_400_000);
    end.setUTCMilliseconds(455);
    const res = await create({ endTime: end.toISOString(), startingBid: '455', buyNowPrice: '717' });
    expect(res.statusCode, res.body).toBe(201);
    const auction = res.json<AuctionListItem>();
    expect(auction.review).toBeUndefined();
    expect(await browseIds(other)).toContain(auction.id);
  });

  it('refuses contact details with a 400 naming the field, and stores nothing', async () => {
    const before = await countAuctions();
    const res = await create({ paymentNotes: 'Venmo me or text 555-0134' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Keep contact details off the listing: the winner can message you after the auction.',
      field: 'paymentNotes',
    });
    expect(LISTING_REFUSAL_MESSAGES.contact).toBe(res.json<{ message: string }>().message);
    expect(await countAuctions()).toBe(before);
  });

  it('refuses the paid-companionship listing of the issue', async () => {
    const res = await create({ title: 'Generous gentleman seeking GFE, $300/hr, text me 555-0134' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: LISTING_REFUSAL_MESSAGES.sexual, field: 'title' });
  });

  it('holds a doubtful listing: saved, hidden from everyone but its host and moderators, until approved', async () => {
    const published: string[] = [];
    const stop = onHeldListingPublished(async (_db, auction) => {
      published.push(auction.id);
    });
    try {
      const res = await create({ title: 'Sexy rooftop bar night', description: 'Cocktails with a view.' });
      expect(res.statusCode, res.body).toBe(201);
      const held = res.json<AuctionListItem>();
      expect(held.review).toEqual({
        status: 'pending',
        reasons: [{ category: 'sexual', field: 'title', excerpt: 'Sexy' }],
      });
      // Out of browse and search, a 404 to others and visitors, visible to its host and moderators.
      expect(await browseIds(other)).not.toContain(held.id);
      const search = await call(other, 'GET', '/api/search?q=rooftop');
      expect(search.body).not.toContain(held.id);
      expect((await call(other, 'GET', `/api/auctions/${held.id}`)).statusCode).toBe(404);
      expect((await call(undefined, 'GET', `/api/auctions/${held.id}`)).statusCode).toBe(404);
      const own = await call(host, 'GET', `/api/auctions/${held.id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json<AuctionListItem>().review?.status).toBe('pending');
      expect((await call(moderator, 'GET', `/api/auctions/${held.id}`)).statusCode).toBe(200);
      const mine = (await call(host, 'GET', '/api/my-auctions')).json<AuctionListItem[]>();
      expect(mine.find((auction) => auction.id === held.id)?.review?.status).toBe('pending');
      // No bids while it waits, and the host cannot edit it meanwhile.
      expect((await call(other, 'POST', '/api/bids', { auctionId: held.id, amount: '30' })).statusCode).not.toBe(201);
      const edit = await call(host, 'PUT', `/api/auctions/${held.id}`, { title: 'Rooftop bar night' });
      expect(edit.statusCode).toBe(409);
      expect(edit.json()).toMatchObject({ message: HELD_LISTING_EDIT_MESSAGE });

      // The queue shows it with its texts and reasons.
      const queue = (await call(moderator, 'GET', '/api/moderation/held')).json<HeldItem[]>();
      expect(queue.find((item) => item.id === held.id)).toMatchObject({
        kind: 'auction',
        member: { id: host.id },
        fields: { title: 'Sexy rooftop bar night', description: 'Cocktails with a view.' },
        reasons: [{ category: 'sexual', field: 'title', excerpt: 'Sexy' }],
      });

      // A member cannot decide; a moderator approves: published, host told, audit-logged, hook called.
      expect(
        (
          await call(other, 'POST', `/api/moderation/held/auctions/${held.id}/decide`, {
            decision: 'approve',
            reasons: 'x',
          })
        ).statusCode,
      ).toBe(404);
      const approve = await call(moderator, 'POST', `/api/moderation/held/auctions/${held.id}/decide`, {
        decision: 'approve',
        reasons: 'A rooftop bar is fine.',
      });
      expect(approve.statusCode, approve.body).toBe(200);
      expect(approve.json()).toEqual({ id: held.id, status: 'approved' });
      expect(published).toEqual([held.id]);
      expect(await browseIds(other)).toContain(held.id);
      expect((await call(other, 'GET', `/api/auctions/${held.id}`)).json<AuctionListItem>().review).toBeUndefined();
      const told = await world.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, host.id), eq(notifications.relatedAuctionId, held.id)));
      expect(told.map((n) => n.title)).toEqual([HELD_LISTING_APPROVED_TITLE]);
      const audit = await world.db.select().from(auditLogs).where(eq(auditLogs.resourceId, held.id));
      expect(audit.map((entry) => [entry.action, entry.userId, entry.details])).toEqual([
        ['verify', moderator.id, { decision: 'approve_listing', source: 'screening' }],
      ]);
      // Decided once: a second decision finds nothing in review.
      const again = await call(moderator, 'POST', `/api/moderation/held/auctions/${held.id}/decide`, {
        decision: 'reject',
        reasons: 'Too late',
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ message: HELD_ITEM_NOT_FOUND });
    } finally {
      stop();
    }
  });

  it('a rejected listing stays hidden and ends, and its host hears why', async () => {
    const held = (await create({ description: 'Dinner at a steamy jazz club.' })).json<AuctionListItem>();
    expect(held.review?.status).toBe('pending');
    const reject = await call(moderator, 'POST', `/api/moderation/held/auctions/${held.id}/decide`, {
      decision: 'reject',
      reasons: 'Dates are platonic.',
    });
    expect(reject.json()).toEqual({ id: held.id, status: 'rejected' });
    expect((await call(other, 'GET', `/api/auctions/${held.id}`)).statusCode).toBe(404);
    const own = (await call(host, 'GET', `/api/auctions/${held.id}`)).json<AuctionListItem>();
    expect(own.review?.status).toBe('rejected');
    expect(own.cancelledAt).not.toBeNull();
    const told = await world.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, host.id), eq(notifications.relatedAuctionId, held.id)));
    expect(told.map((n) => [n.title, n.message])).toEqual([
      [
        HELD_LISTING_REJECTED_TITLE,
        `"${held.title}" was not published by our moderators. Reasons: Dates are platonic.`,
      ],
    ]);
  });

  it('screens edits again: a refused edit changes nothing, a held edit takes the listing back into review', async () => {
    const live = (await create({ title: 'Bowling and fries' })).json<AuctionListItem>();
    const refused = await call(host, 'PUT', `/api/auctions/${live.id}`, { description: 'Email me at ann@gmail.com' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: LISTING_REFUSAL_MESSAGES.contact, field: 'description' });
    expect((await call(other, 'GET', `/api/auctions/${live.id}`)).json<AuctionListItem>().description).toBe(
      live.description,
    );
    const held = await call(host, 'PUT', `/api/auctions/${live.id}`, { title: 'Bowling, then a naughty nightcap' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json<AuctionListItem>().review?.status).toBe('pending');
    expect((await call(other, 'GET', `/api/auctions/${live.id}`)).statusCode).toBe(404);
    expect(await browseIds(other)).not.toContain(live.id);
  });

  it('refuses a name the screening flags, holds a doubtful bio, and shows it to others only after approval', async () => {
    const member = await world.signUp('Bea');
    const badName = await call(member, 'PUT', '/api/profile', { ...completeProfile('Bea'), lastName: 'Escort' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toMatchObject({ message: PROFILE_REFUSAL_MESSAGES.sexual, field: 'lastName' });
    const badBio = await call(member, 'PUT', '/api/profile', { ...completeProfile('Bea'), bio: 'My insta is @bea_b' });
    expect(badBio.json()).toMatchObject({ message: PROFILE_REFUSAL_MESSAGES.contact, field: 'bio' });

    const heldBio = 'Sensual foodie who loves jazz';
    const saved = await call(member, 'PUT', '/api/profile', { ...completeProfile('Bea'), bio: heldBio });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(member, 'GET', '/api/auth/user')).json()).toMatchObject({
      bio: heldBio,
      bioReview: { status: 'pending', reasons: [{ category: 'sexual', field: 'bio', excerpt: 'Sensual' }] },
    });
    expect((await call(other, 'GET', `/api/users/${member.id}`)).json()).toMatchObject({ bio: null });
    expect((await call(member, 'GET', `/api/users/${member.id}`)).json()).toMatchObject({ bio: heldBio });
    const queue = (await call(moderator, 'GET', '/api/moderation/held')).json<HeldItem[]>();
    expect(queue.find((item) => item.kind === 'bio' && item.id === member.id)).toMatchObject({
      fields: { bio: heldBio },
      reasons: [{ category: 'sexual', field: 'bio', excerpt: 'Sensual' }],
    });
    const approve = await call(moderator, 'POST', `/api/moderation/held/bios/${member.id}/decide`, {
      decision: 'approve',
      reasons: 'Fine.',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await call(other, 'GET', `/api/users/${member.id}`)).json()).toMatchObject({ bio: heldBio });
    // Saving the same approved bio again does not send it back to review.
    await call(member, 'PUT', '/api/profile', { ...completeProfile('Bea'), bio: heldBio });
    expect((await call(member, 'GET', '/api/auth/user')).json()).toMatchObject({ bioReview: null });

    // A rejected bio is removed.
    await call(member, 'PUT', '/api/profile', { ...completeProfile('Bea'), bio: 'Naughty and fun' });
    await call(moderator, 'POST', `/api/moderation/held/bios/${member.id}/decide`, {
      decision: 'reject',
      reasons: 'No.',
    });
    expect((await call(member, 'GET', '/api/auth/user')).json()).toMatchObject({ bio: null, bioReview: null });
  });

  it('the queue is for moderators only, and a decision needs a reason', async () => {
    expect((await call(undefined, 'GET', '/api/moderation/held')).statusCode).toBe(401);
    expect((await call(other, 'GET', '/api/moderation/held')).statusCode).toBe(404);
    const held = (await create({ title: 'Naughty trivia night' })).json<AuctionListItem>();
    const noReason = await call(moderator, 'POST', `/api/moderation/held/auctions/${held.id}/decide`, {
      decision: 'approve',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ field: 'reasons' });
  });
});
