import { DATE_CALENDAR_TEXT, DATE_MESSAGES, DATE_NOTIFICATION_TITLES, HOST_NO_SHOW_GRACE_MINUTES } from '@bid/contract';
import type { ParsedMail } from 'mailparser';
import nodeIcal, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDateJob } from '../../src/modules/dates/date.job.js';
import { createSandboxProvider } from '../../src/modules/payments/providers/sandbox-provider.js';
import { TEST_PUBLIC_URL } from '../support/app.js';
import { MINUTE } from '../support/charges.js';
import { testDatabaseFactories } from '../support/databases.js';
import { advanceClock, agreePlan, paidDate, signUpDateCast, type DateCast } from '../support/dates.js';
import { suiteWorld, type Member } from '../support/world.js';

/** An `.ics` text read back by a calendar parser: its METHOD and its one event. */
function parseInvitation(text: string): { method: string | undefined; event: VEvent } {
  const parsed = nodeIcal.sync.parseICS(text);
  const events = Object.values(parsed).filter((entry): entry is VEvent => entry?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  const calendar = parsed['vcalendar'] as { method?: string } | undefined;
  return { method: calendar?.method, event: events[0]! };
}

/** The invitation a mail carries (nodemailer's `icalEvent`: a text/calendar part, also attached). */
function invitationIn(mail: ParsedMail): { method: string | undefined; event: VEvent } {
  const part = mail.attachments.find((attachment) => attachment.contentType.startsWith('text/calendar'));
  expect(part, `no calendar part in "${mail.subject}"`).toBeDefined();
  return parseInvitation(part!.content.toString('utf8'));
}

/**
 * The date in your calendar (docs/the-date.md "Calendar"): the download route for the two people
 * only, the invitation attached to the "date agreed" e-mail (through a real SMTP server), a
 * changed plan as the same UID one SEQUENCE higher, and METHOD:CANCEL once the date is refunded.
 * Every invitation is read back with node-ical.
 */
describe.each(testDatabaseFactories())('the date in your calendar on $kind', (factory) => {
  const world = suiteWorld(factory, { clock: new Date('2031-10-01T12:00:00.000Z'), smtp: true });
  const { call } = world;
  let cast: DateCast;
  let host: Member;
  let winner: Member;
  let auctionId: string;
  const url = () => `/api/auctions/${auctionId}/plan/calendar.ics`;
  const runDateJob = () =>
    createDateJob({
      db: world.db,
      paymentProvider: createSandboxProvider(world.db, { now: () => world.clock }),
      logger: world.app.log,
      now: () => world.clock,
      realtime: world.app.realtime,
    }).runOnce();
  const mailsTo = (who: Member, subject: string): ParsedMail[] =>
    world.smtp.received.filter((mail) => JSON.stringify(mail.to).includes(who.email) && mail.subject === subject);

  beforeAll(async () => {
    cast = await signUpDateCast(world, 2);
    host = cast.host;
    ({ auctionId, winner } = await paidDate(world, cast, 90));
  }, 120_000);

  it('refuses the download to visitors (401), anyone but the two people (404), and before a plan (409)', async () => {
    expect((await call(undefined, 'GET', url())).statusCode).toBe(401);
    for (const [who, path] of [
      [cast.stranger, url()],
      [cast.moderator, url()],
      [host, '/api/auctions/00000000-0000-4000-8000-000000000000/plan/calendar.ics'],
      [host, '/api/auctions/not-an-id/plan/calendar.ics'],
    ] as const) {
      const res = await call(who, 'GET', path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toMatchObject({ message: DATE_MESSAGES.notFound });
    }
    const early = await call(winner, 'GET', url());
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: DATE_MESSAGES.noPlan });
  });

  it('gives both people the agreed plan as METHOD:REQUEST, and e-mails it with "date agreed"', async () => {
    const state = await agreePlan(world, auctionId, host, winner, 24 * 60);
    const startsAt = new Date(state.plan!.startsAt);
    const uids = new Set<string>();
    for (const who of [host, winner]) {
      const res = await call(who, 'GET', url());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8; method=REQUEST');
      expect(res.headers['content-disposition']).toBe('attachment; filename="date.ics"');
      const { method, event } = parseInvitation(res.body);
      expect(method).toBe('REQUEST');
      expect(Number(event.sequence)).toBe(0);
      expect(new Date(event.start.getTime()).toISOString()).toBe(startsAt.toISOString());
      expect(new Date(event.end!.getTime()).getTime() - startsAt.getTime()).toBe(90 * MINUTE);
      expect(event.location).toBe('Blue Bottle, 5th Ave');
      expect(event.summary).toBe(DATE_CALENDAR_TEXT.summary(state.auctionTitle));
      expect(event.description).toContain(`${TEST_PUBLIC_URL}/auctions/${auctionId}/date`);
      uids.add(event.uid);
    }
    expect([...uids]).toEqual([`date-${auctionId}@localhost`]);

    await world.app.notificationDelivery.runOnce();
    for (const who of [host, winner]) {
      const [mail, ...more] = mailsTo(who, `Date plans for ${state.auctionTitle}`).filter((m) =>
        m.text?.includes(DATE_NOTIFICATION_TITLES.agreed),
      );
      expect(more).toEqual([]);
      const { method, event } = invitationIn(mail!);
      expect(method).toBe('REQUEST');
      expect(event.uid).toBe(`date-${auctionId}@localhost`);
      expect(Number(event.sequence)).toBe(0);
    }
    // The proposal's own e-mail carries no invitation.
    const proposal = mailsTo(winner, `Date plans for ${state.auctionTitle}`).find((m) =>
      m.text?.includes(DATE_NOTIFICATION_TITLES.proposed),
    );
    expect(proposal, 'the proposal e-mail').toBeDefined();
    expect(proposal!.attachments).toEqual([]);
  });

  it('sends a changed plan as the same event one SEQUENCE higher', async () => {
    const state = await agreePlan(world, auctionId, winner, host, 26 * 60);
    const { event } = parseInvitation((await call(host, 'GET', url())).body);
    expect(Number(event.sequence)).toBe(1);
    expect(new Date(event.start.getTime()).toISOString()).toBe(state.plan!.startsAt);
    world.smtp.received.length = 0;
    await world.app.notificationDelivery.runOnce();
    for (const who of [host, winner]) {
      const mails = mailsTo(who, `Date plans for ${state.auctionTitle}`).filter((m) =>
        m.text?.includes(DATE_NOTIFICATION_TITLES.agreed),
      );
      expect(mails).toHaveLength(1);
      const invitation = invitationIn(mails[0]!);
      expect(invitation.method).toBe('REQUEST');
      expect(Number(invitation.event.sequence)).toBe(1);
    }
  });

  it('cancels the event (METHOD:CANCEL, higher SEQUENCE) once the date is refunded', async () => {
    // The host never checks in: the winner is refunded in full after the grace period.
    advanceClock(world, (26 * 60 + HOST_NO_SHOW_GRACE_MINUTES + 1) * MINUTE);
    await runDateJob();
    const res = await call(winner, 'GET', url());
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8; method=CANCEL');
    const { method, event } = parseInvitation(res.body);
    expect(method).toBe('CANCEL');
    expect(event.uid).toBe(`date-${auctionId}@localhost`);
    expect(Number(event.sequence)).toBe(2);
    expect(event.status).toBe('CANCELLED');

    world.smtp.received.length = 0;
    world.clock = new Date(Math.max(world.clock.getTime(), Date.now() + 1_000));
    await world.app.notificationDelivery.runOnce();
    const refundMail = world.smtp.received.find(
      (mail) => JSON.stringify(mail.to).includes(winner.email) && mail.text?.includes(DATE_NOTIFICATION_TITLES.noShow),
    );
    expect(refundMail, 'the no-show refund e-mail').toBeDefined();
    const cancellation = invitationIn(refundMail!);
    expect(cancellation.method).toBe('CANCEL');
    expect(Number(cancellation.event.sequence)).toBe(2);
  });
});
