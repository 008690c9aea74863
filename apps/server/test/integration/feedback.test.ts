import {
  DATE_MESSAGES,
  FEEDBACK_MESSAGES,
  FEEDBACK_NOTICES,
  FEEDBACK_WINDOW_DAYS,
  REPUTATION_COPY,
  REVIEW_REFUSAL_MESSAGES,
  REVIEW_REWRITE_MESSAGES,
  type AuctionDetail,
  type AuctionListItem,
  type FeedbackState,
  type ModerationQueueItem,
  type PublicMember,
  type ReviewsPage,
} from '@bid/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateFeedback, notificationDeliveries, notifications } from '../../src/db/schema/index.js';
import { runFeedbackSteps } from '../../src/modules/feedback/feedback.job.js';
import { MINUTE } from '../support/charges.js';
import { testDatabaseFactories } from '../support/databases.js';
import { dateWorld } from '../support/dates.js';
import { dateEndedByHost, hostNoShowDate } from '../support/feedback.js';
import { notificationsOf } from '../support/notifications.js';
import { auctionInput, type Member } from '../support/world.js';

const DAY = 24 * 60 * MINUTE;
const review = (text: string) => `${text} We met on time and it was a lovely afternoon out.`;

/**
 * Feedback after a date, reputation and the safety loop (docs/the-date.md "Feedback after the
 * date", docs/trust-and-safety.md "Reliability and the safety loop") through the API on a real
 * database. Time is the app's injectable clock; the date and feedback jobs are run by hand.
 */
describe.each(testDatabaseFactories())('feedback after a date on $kind', (factory) => {
  const suite = dateWorld(factory, new Date('2031-06-01T12:00:00.000Z'), 14);
  const { world } = suite;
  const { call } = world;
  let host: Member;
  let stranger: Member;
  let moderator: Member;

  const feedbackUrl = (id: string) => `/api/auctions/${id}/feedback`;
  const answers = { met: 'yes', feltSafe: true, again: true } as const;
  const runFeedbackJob = () => runFeedbackSteps(world.db, world.clock, world.app.realtime);
  const stateOf = async (who: Member, id: string) => {
    const res = await call(who, 'GET', feedbackUrl(id));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FeedbackState>();
  };
  const noticesOf = (who: Member, id: string) => notificationsOf(world.db, who.id, id, 'feedback_request');
  const queue = async () => (await call(moderator, 'GET', '/api/moderation/reports')).json<ModerationQueueItem[]>();

  beforeAll(async () => {
    ({ host, stranger, moderator } = suite.cast);
  });

  it('asks only once the date is over; strangers get 404, nobody 401, a malformed id 404', async () => {
    const winner = suite.cast.nextWinner();
    const { paidDateOf } = await import('../support/feedback.js');
    const auctionId = await paidDateOf(world, host, winner);
    for (const who of [host, winner]) {
      const res = await call(who, 'POST', feedbackUrl(auctionId), answers);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: FEEDBACK_MESSAGES.notOver });
      expect(await stateOf(who, auctionId)).toMatchObject({ closesAt: null, isOpen: false, mine: null });
    }
    expect((await call(undefined, 'GET', feedbackUrl(auctionId))).statusCode).toBe(401);
    expect((await call(undefined, 'POST', feedbackUrl(auctionId), { met: 'nope' })).statusCode).toBe(401);
    expect((await call(undefined, 'POST', `${feedbackUrl(auctionId)}/response`, { text: 'x' })).statusCode).toBe(401);
    const strangers = await call(stranger, 'POST', feedbackUrl(auctionId), answers);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toMatchObject({ message: DATE_MESSAGES.notFound });
    expect((await call(stranger, 'GET', feedbackUrl(auctionId))).statusCode).toBe(404);
    expect((await call(moderator, 'GET', feedbackUrl(auctionId))).statusCode).toBe(404);
    expect((await call(host, 'GET', '/api/auctions/not-a-uuid/feedback')).statusCode).toBe(404);
  });

  it('asks both in the app and by the outbox, refuses bad fields, keeps answers private until both wrote, then reveals', async () => {
    const winner = suite.cast.nextWinner();
    const auctionId = await dateEndedByHost(world, host, winner);
    const overAt = world.clock;

    for (const who of [host, winner]) {
      const notes = await noticesOf(who, auctionId);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ title: FEEDBACK_NOTICES.requestTitle });
      expect(notes[0]!.message).toBe(FEEDBACK_NOTICES.request(notes[0]!.message.split('"')[1]!));
      const deliveries = await world.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.notificationId, notes[0]!.id));
      expect(deliveries.map((d) => d.channel)).toContain('email');
      const state = await stateOf(who, auctionId);
      expect(state).toMatchObject({ isOpen: true, isRevealed: false, mine: null, otherHasSubmitted: false });
      expect(state.closesAt).toBe(new Date(overAt.getTime() + FEEDBACK_WINDOW_DAYS * DAY).toISOString());
    }

    const bad: Array<[object, string, string]> = [
      [{ feltSafe: true, again: true }, 'met', FEEDBACK_MESSAGES.metRequired],
      [{ met: 'maybe', feltSafe: true, again: true }, 'met', FEEDBACK_MESSAGES.metRequired],
      [{ met: 'yes', again: true }, 'feltSafe', FEEDBACK_MESSAGES.feltSafeRequired],
      [{ met: 'yes', feltSafe: 'yes', again: true }, 'feltSafe', FEEDBACK_MESSAGES.feltSafeRequired],
      [{ met: 'yes', feltSafe: true }, 'again', FEEDBACK_MESSAGES.againRequired],
      [{ ...answers, rating: 6 }, 'rating', FEEDBACK_MESSAGES.ratingInvalid],
      [{ ...answers, rating: 4.5 }, 'rating', FEEDBACK_MESSAGES.ratingInvalid],
      [{ ...answers, rating: 5, review: 'Too short' }, 'review', FEEDBACK_MESSAGES.reviewTooShort],
      [{ ...answers, rating: 5, review: 'x'.repeat(1001) }, 'review', FEEDBACK_MESSAGES.reviewTooLong],
      [{ ...answers, review: review('No stars.') }, 'rating', FEEDBACK_MESSAGES.reviewNeedsRating],
    ];
    for (const [body, field, message] of bad) {
      const res = await call(host, 'POST', feedbackUrl(auctionId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    }
    expect(await world.db.select().from(dateFeedback).where(eq(dateFeedback.auctionId, auctionId))).toHaveLength(0);

    const hostReview = review('Great company.');
    const first = await call(host, 'POST', feedbackUrl(auctionId), {
      ...answers,
      again: false,
      rating: 5,
      review: hostReview,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<FeedbackState>()).toMatchObject({
      mine: { met: 'yes', feltSafe: true, again: false, rating: 5, review: hostReview },
      isRevealed: false,
      theirs: null,
    });
    const again = await call(host, 'POST', feedbackUrl(auctionId), {
      ...answers,
      rating: 1,
      review: review('Changed.'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: FEEDBACK_MESSAGES.alreadySubmitted });

    // The winner learns only that the host wrote: nothing of what, and never the private answers.
    const waiting = await stateOf(winner, auctionId);
    expect(waiting).toMatchObject({ otherHasSubmitted: true, theirs: null, isRevealed: false, canRespond: false });
    expect(JSON.stringify(waiting)).not.toContain('Great company');
    const tooEarly = await call(winner, 'POST', `${feedbackUrl(auctionId)}/response`, { text: 'Thanks!' });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json()).toMatchObject({ message: FEEDBACK_MESSAGES.responseNotYet });

    const winnerReview = review('A kind and punctual host.');
    const second = await call(winner, 'POST', feedbackUrl(auctionId), { ...answers, rating: 4, review: winnerReview });
    expect(second.statusCode, second.body).toBe(200);
    const revealed = second.json<FeedbackState>();
    expect(revealed).toMatchObject({ isRevealed: true, canRespond: true });
    expect(revealed.theirs).toMatchObject({ rating: 5, review: hostReview, author: { id: host.id } });
    expect(JSON.stringify(revealed.theirs)).not.toMatch(/again|feltSafe|"met"/);
    expect((await stateOf(host, auctionId)).theirs).toMatchObject({ rating: 4, review: winnerReview });

    // One public response each, after the reveal, within 500 characters.
    const respond = (who: Member, text: unknown) => call(who, 'POST', `${feedbackUrl(auctionId)}/response`, { text });
    expect((await respond(host, 'x'.repeat(501))).json()).toMatchObject({
      field: 'text',
      message: FEEDBACK_MESSAGES.responseTooLong,
    });
    expect((await respond(host, '')).json()).toMatchObject({
      field: 'text',
      message: FEEDBACK_MESSAGES.responseRequired,
    });
    const responded = await respond(host, 'Thank you, it was a pleasure.');
    expect(responded.statusCode, responded.body).toBe(200);
    expect(responded.json<FeedbackState>()).toMatchObject({ canRespond: false });
    const twice = await respond(host, 'Once more.');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: FEEDBACK_MESSAGES.alreadyResponded });
    expect((await respond(stranger, 'Hello')).statusCode).toBe(404);
    expect((await stateOf(winner, auctionId)).mine?.response).toMatchObject({ text: 'Thank you, it was a pleasure.' });

    // The host's profile shows the winner's review with the response, newest first.
    const reviews = await call(stranger, 'GET', `/api/users/${host.id}/reviews`);
    expect(reviews.statusCode).toBe(200);
    expect(reviews.json<ReviewsPage>().items[0]).toMatchObject({
      review: winnerReview,
      rating: 4,
      response: { text: 'Thank you, it was a pleasure.' },
    });
    expect((await call(undefined, 'GET', `/api/users/${host.id}/reviews`)).statusCode).toBe(401);
    expect((await call(stranger, 'GET', `/api/users/${host.id}/reviews?page=0`)).statusCode).toBe(400);
  });

  it('screens reviews and responses: refused or would-be-held text is a 400 naming the field, and nothing is stored', async () => {
    const winner = suite.cast.nextWinner();
    const auctionId = await dateEndedByHost(world, host, winner);
    // docs/trust-and-safety.md "Screening": a phone number is refused outright; swearing, which a
    // listing would hold for a moderator, asks for a rewrite because a review cannot be edited.
    const withPhone = 'Lovely afternoon out. Text me on 555 201 7788 for another one.';
    const withSwearing = 'Lovely afternoon out but the coffee place was shit, sorry.';
    const cases: Array<[string, string]> = [
      [withPhone, REVIEW_REFUSAL_MESSAGES.contact],
      [withSwearing, REVIEW_REWRITE_MESSAGES.harassment],
    ];
    for (const [text, message] of cases) {
      const res = await call(host, 'POST', feedbackUrl(auctionId), { ...answers, rating: 5, review: text });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field: 'review', message });
    }
    expect(await world.db.select().from(dateFeedback).where(eq(dateFeedback.auctionId, auctionId))).toHaveLength(0);
    expect(await stateOf(host, auctionId)).toMatchObject({ mine: null });

    const winnerReview = review('A kind and punctual host.');
    for (const [who, text] of [
      [host, review('Great company.')],
      [winner, winnerReview],
    ] as const) {
      const res = await call(who, 'POST', feedbackUrl(auctionId), { ...answers, rating: 5, review: text });
      expect(res.statusCode, res.body).toBe(200);
    }
    const respond = (text: string) => call(host, 'POST', `${feedbackUrl(auctionId)}/response`, { text });
    for (const [text, message] of cases) {
      const res = await respond(text);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field: 'text', message });
    }
    expect((await stateOf(host, auctionId)).canRespond).toBe(true);
    expect((await stateOf(winner, auctionId)).mine?.response ?? null).toBeNull();
    const fine = await respond('Thank you, it was a pleasure.');
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('opens moderation cases for an unsafe date and a no-show, visible only to moderators; a moderator can overturn a no-show', async () => {
    const winner = suite.cast.nextWinner();
    const auctionId = await dateEndedByHost(world, host, winner);
    const before = (await call(stranger, 'GET', `/api/users/${host.id}`)).json<PublicMember>().reputation;
    const res = await call(winner, 'POST', feedbackUrl(auctionId), {
      met: 'they_did_not_show',
      feltSafe: false,
      again: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cases = (await queue()).filter((c) => c.targetType === 'date' && c.targetId === auctionId);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({
      reason: 'unsafe_date',
      reportedUser: { id: host.id },
      reporter: { id: winner.id },
    });
    expect(new Date(cases[0]!.dueAt).getTime() - new Date(cases[0]!.createdAt).getTime()).toBe(24 * 60 * MINUTE);
    expect((await call(host, 'GET', '/api/moderation/reports')).statusCode).toBe(404);
    const after = (await call(stranger, 'GET', `/api/users/${host.id}`)).json<PublicMember>().reputation;
    expect(after.datesCompleted).toBe(before.datesCompleted);

    const overturned = await call(moderator, 'POST', `/api/moderation/reports/${cases[0]!.id}/resolve`, {
      action: 'overturn_no_show',
      reasons: 'Both checked in at the place on time.',
    });
    expect(overturned.statusCode, overturned.body).toBe(200);
    const [row] = await world.db.select().from(dateFeedback).where(eq(dateFeedback.auctionId, auctionId));
    expect(row?.noShowOverturnedAt).not.toBeNull();
    // The host is not told a case about them existed.
    const told = await world.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, host.id), eq(notifications.type, 'moderation_action')));
    expect(told).toHaveLength(0);
  });

  it('suspends hosting after 3 host no-shows in 90 days until a moderator lifts it; counts them in the reputation', async () => {
    const flaky = await world.signUp('Flo', { card: false });
    const dates: string[] = [];
    for (let i = 0; i < 3; i += 1)
      dates.push(await hostNoShowDate(world, flaky, suite.cast.nextWinner(), suite.runDateJob));
    const refused = await call(flaky, 'POST', '/api/auctions', auctionInput({}, world.clock));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: FEEDBACK_MESSAGES.hostingSuspended });
    const [notice] = await world.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, flaky.id), eq(notifications.title, FEEDBACK_NOTICES.hostingSuspendedTitle)));
    expect(notice?.message).toBe(FEEDBACK_MESSAGES.hostingSuspended);
    const profile = (await call(stranger, 'GET', `/api/users/${flaky.id}`)).json<PublicMember>();
    expect(profile.reputation).toEqual({ datesCompleted: 3, showUpRate: 0, reviewCount: 0, averageRating: null });
    expect(profile.isTopHost).toBe(false);

    const suspension = (await queue()).find((c) => c.targetType === 'user' && c.reportedUser?.id === flaky.id);
    expect(suspension).toMatchObject({ reason: 'no_show', reporter: null });
    const lifted = await call(moderator, 'POST', `/api/moderation/reports/${suspension!.id}/resolve`, {
      action: 'lift_hosting_suspension',
      reasons: 'Illness, with a note from the member.',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await call(flaky, 'POST', '/api/auctions', auctionInput({}, world.clock))).statusCode).toBe(201);
  });

  it('shows the reputation on the profile, the auction page and the cards, null below 3 dates and 3 reviews', async () => {
    const newcomer = await world.signUp('Nia', { card: false });
    const reputationOnCard = async () => {
      const mine = await call(stranger, 'GET', '/api/auctions?limit=50&sortBy=newest');
      return mine.json<AuctionListItem[]>().find((a) => a.creator.id === newcomer.id)?.creator.reputation;
    };
    const created = (
      await call(newcomer, 'POST', '/api/auctions', auctionInput({}, world.clock))
    ).json<AuctionListItem>();
    expect(created.creator.reputation).toEqual({
      datesCompleted: 0,
      showUpRate: null,
      reviewCount: 0,
      averageRating: null,
    });
    for (let i = 0; i < 3; i += 1) {
      const winner = suite.cast.nextWinner();
      const id = await dateEndedByHost(world, newcomer, winner);
      expect((await call(winner, 'POST', feedbackUrl(id), { ...answers, rating: 5 - (i % 2) })).statusCode).toBe(200);
      expect((await call(newcomer, 'POST', feedbackUrl(id), answers)).statusCode).toBe(200);
      if (i === 1) {
        expect((await call(stranger, 'GET', `/api/users/${newcomer.id}`)).json<PublicMember>().reputation).toEqual({
          datesCompleted: 2,
          showUpRate: null,
          reviewCount: 2,
          averageRating: null,
        });
      }
    }
    const expected = { datesCompleted: 3, showUpRate: 1, reviewCount: 3, averageRating: 4.7 };
    expect((await call(stranger, 'GET', `/api/users/${newcomer.id}`)).json<PublicMember>().reputation).toEqual(
      expected,
    );
    const open = (await call(newcomer, 'POST', '/api/auctions', auctionInput({}, world.clock))).json<AuctionListItem>();
    expect(open.creator.reputation).toEqual(expected);
    expect((await call(stranger, 'GET', `/api/auctions/${open.id}`)).json<AuctionDetail>().creator.reputation).toEqual(
      expected,
    );
    expect(await reputationOnCard()).toEqual(expected);
    // The member's page lists their open auctions.
    const page = (await call(stranger, 'GET', `/api/users/${newcomer.id}`)).json<PublicMember>();
    expect(page.openAuctions.map((a) => a.id)).toContain(open.id);
    expect(page.isTopHost).toBe(false);
  });

  it('lets a shown review be reported and hidden by a moderator (the author told); exports the author’s own feedback', async () => {
    const winner = suite.cast.nextWinner();
    const auctionId = await dateEndedByHost(world, host, winner);
    const text = review('Rude remarks about my shoes.');
    expect(
      (await call(winner, 'POST', feedbackUrl(auctionId), { ...answers, rating: 2, review: text })).statusCode,
    ).toBe(200);
    expect((await call(host, 'POST', feedbackUrl(auctionId), answers)).statusCode).toBe(200);
    const [row] = await world.db
      .select()
      .from(dateFeedback)
      .where(and(eq(dateFeedback.auctionId, auctionId), eq(dateFeedback.authorId, winner.id)));

    // The host left no public review, so the winner has nothing to answer.
    const nothing = await call(winner, 'POST', `${feedbackUrl(auctionId)}/response`, { text: 'Thanks!' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ message: FEEDBACK_MESSAGES.noReviewToAnswer });

    const reported = await call(host, 'POST', '/api/reports', {
      targetType: 'review',
      targetId: row!.id,
      reason: 'harassment',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    // The date's own cases are not something a member can file.
    expect(
      (await call(host, 'POST', '/api/reports', { targetType: 'date', targetId: auctionId, reason: 'no_show' }))
        .statusCode,
    ).toBe(400);
    const item = (await queue()).find((c) => c.targetType === 'review' && c.targetId === row!.id);
    expect(item?.targetSummary).toBe(text);
    const hidden = await call(moderator, 'POST', `/api/moderation/reports/${item!.id}/resolve`, {
      action: 'hide_review',
      reasons: 'Personal remarks break the review rules.',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const reviews = (await call(stranger, 'GET', `/api/users/${host.id}/reviews`)).json<ReviewsPage>();
    expect(reviews.items.some((r) => r.id === row!.id)).toBe(false);
    const [told] = await world.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, winner.id), eq(notifications.type, 'moderation_action')));
    expect(told?.message).toContain('Personal remarks break the review rules.');

    // The author's export holds their own feedback, private answers included.
    const exported = (await call(winner, 'GET', '/api/account/export')).json<{ feedbackGiven: unknown[] }>();
    expect(exported.feedbackGiven).toEqual([
      expect.objectContaining({ auctionId, met: 'yes', feltSafe: true, again: true, rating: 2, review: text }),
    ]);
  });

  it('keeps the reviews a deleted member wrote as "A former member" and deletes their private answers', async () => {
    const winner = suite.cast.nextWinner();
    const auctionId = await dateEndedByHost(world, host, winner);
    const text = review('Would gladly go again.');
    expect(
      (await call(winner, 'POST', feedbackUrl(auctionId), { ...answers, rating: 5, review: text })).statusCode,
    ).toBe(200);
    expect((await call(host, 'POST', feedbackUrl(auctionId), answers)).statusCode).toBe(200);
    const deleted = await call(winner, 'DELETE', '/api/account', { confirm: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const reviews = (await call(stranger, 'GET', `/api/users/${host.id}/reviews`)).json<ReviewsPage>();
    expect(reviews.items.find((r) => r.review === text)?.author).toEqual({
      id: null,
      name: REPUTATION_COPY.formerMember,
      profileImageUrl: null,
    });
    const [row] = await world.db
      .select()
      .from(dateFeedback)
      .where(and(eq(dateFeedback.auctionId, auctionId), eq(dateFeedback.authorId, winner.id)));
    expect(row).toMatchObject({ met: null, feltSafe: null, again: null, review: text, rating: 5 });
    expect(row?.privateDeletedAt).not.toBeNull();
  });
  // Last: it moves the clock on 14 days, past every session's idle timeout.
  it('accepts feedback until, not at, the window’s end; reminds once after 3 days; reveals what was written at the end', async () => {
    const winner = suite.cast.nextWinner();
    const auctionId = await dateEndedByHost(world, host, winner);
    const overAt = world.clock.getTime();

    world.clock = new Date(overAt + 3 * DAY - MINUTE);
    await runFeedbackJob();
    expect(await noticesOf(winner, auctionId)).toHaveLength(1);
    const winnerReview = review('Lovely walk.');
    expect(
      (await call(winner, 'POST', feedbackUrl(auctionId), { ...answers, rating: 5, review: winnerReview })).statusCode,
    ).toBe(200);
    world.clock = new Date(overAt + 3 * DAY);
    await runFeedbackJob();
    await runFeedbackJob();
    // Only the host, who has not answered, is reminded, and only once.
    expect(await noticesOf(winner, auctionId)).toHaveLength(1);
    expect((await stateOf(host, auctionId)).otherHasSubmitted).toBe(true);
    const hostNotices = await noticesOf(host, auctionId);
    expect(hostNotices.map((n) => n.title).sort()).toEqual(
      [FEEDBACK_NOTICES.reminderTitle, FEEDBACK_NOTICES.requestTitle].sort(),
    );

    // Sessions end after 7 idle days: both people look in half way, as members do.
    world.clock = new Date(overAt + 8 * DAY);
    for (const who of [host, winner]) expect((await stateOf(who, auctionId)).isOpen).toBe(true);
    world.clock = new Date(overAt + FEEDBACK_WINDOW_DAYS * DAY - 1);
    expect((await stateOf(host, auctionId)).theirs).toBeNull();
    world.clock = new Date(overAt + FEEDBACK_WINDOW_DAYS * DAY);
    const late = await call(host, 'POST', feedbackUrl(auctionId), answers);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: FEEDBACK_MESSAGES.closed });
    // At the end, what was written is shown, even before the job runs; the job recounts reputations.
    expect(await stateOf(host, auctionId)).toMatchObject({ isOpen: false, isRevealed: true, canRespond: true });
    expect((await runFeedbackJob()).revealed).toBeGreaterThanOrEqual(1);
    expect((await stateOf(host, auctionId)).theirs).toMatchObject({ review: winnerReview });
  });
});
