import {
  DATE_LOCATION_MESSAGES,
  DATE_MESSAGES,
  DATE_MODE_OPENS_MINUTES_BEFORE,
  HOST_NO_SHOW_GRACE_MINUTES,
  LOCATION_MIN_INTERVAL_SECONDS,
  type DateLocationResponse,
  type DateState,
  type SharedDate,
} from '@bid/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateLocations } from '../../src/db/schema/index.js';
import { HOUR, MINUTE } from '../support/charges.js';
import { testDatabaseFactories } from '../support/databases.js';
import { agreePlan, dateWorld, paidDate } from '../support/dates.js';
import type { Member } from '../support/world.js';

/**
 * Date Mode's opening time and live location sharing (issue 24, docs/the-date.md) through the
 * API on a real database: only the date's two people, only while Date Mode runs, valid
 * coordinates only, at most one position per member every LOCATION_MIN_INTERVAL_SECONDS; the
 * share page shows the sharer's last one; stopping and the end of the date delete them.
 */
describe.each(testDatabaseFactories())('date location sharing on $kind', (factory) => {
  const suite = dateWorld(factory, new Date('2031-11-01T12:00:00.000Z'), 7);
  const { world, advance, runDateJob } = suite;
  let host: Member;
  let stranger: Member;
  let moderator: Member;

  const { call } = world;
  const locationUrl = (auctionId: string) => `/api/auctions/${auctionId}/date-mode/location`;
  const here = { lat: 40.7127753, lng: -74.0059728, accuracy: 18.5 };

  const storedPositions = (auctionId: string) =>
    world.db.select().from(dateLocations).where(eq(dateLocations.auctionId, auctionId));

  /** A paid date with an agreed plan starting `inMinutes` from now. */
  async function plannedDate(inMinutes = 60): Promise<{ auctionId: string; winner: Member; startsAt: Date }> {
    const { auctionId, winner } = await paidDate(world, suite.cast);
    const startsAt = new Date(world.clock.getTime() + inMinutes * MINUTE);
    await agreePlan(world, auctionId, winner, host, inMinutes);
    return { auctionId, winner, startsAt };
  }

  /** A date whose Date Mode the host has started. */
  async function runningDate() {
    const date = await plannedDate(10);
    const started = await call(host, 'POST', `/api/auctions/${date.auctionId}/date-mode/start`);
    expect(started.statusCode, started.body).toBe(200);
    return date;
  }

  async function shareLinkToken(who: Member, auctionId: string): Promise<string> {
    const link = await call(who, 'POST', `/api/auctions/${auctionId}/share-link`);
    expect(link.statusCode, link.body).toBe(200);
    return link.json<{ url: string }>().url.split('/').pop()!;
  }
  const sharedPosition = async (token: string) => {
    const res = await call(undefined, 'GET', `/api/shared-dates/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SharedDate>().sharerPosition;
  };

  beforeAll(async () => {
    ({ host, stranger, moderator } = suite.cast);
  });

  it('opens Date Mode exactly at the time the page shows (dateMode.opensAt), not a millisecond before', async () => {
    const { auctionId, startsAt } = await plannedDate((5 * HOUR) / MINUTE);
    const state = (await call(host, 'GET', `/api/auctions/${auctionId}/plan`)).json<DateState>();
    const opensAt = new Date(state.dateMode.opensAt!);
    expect(opensAt.getTime()).toBe(startsAt.getTime() - DATE_MODE_OPENS_MINUTES_BEFORE * MINUTE);

    world.clock = new Date(opensAt.getTime() - 1);
    const early = await call(host, 'POST', `/api/auctions/${auctionId}/date-mode/start`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: DATE_MESSAGES.tooEarly });
    world.clock = opensAt;
    const onTime = await call(host, 'POST', `/api/auctions/${auctionId}/date-mode/start`);
    expect(onTime.statusCode, onTime.body).toBe(200);
    expect(onTime.json<DateState>().dateMode.startedAt).toBe(opensAt.toISOString());
  });

  it('refuses no session, strangers, moderators and a Date Mode not running, storing nothing', async () => {
    const { auctionId, winner } = await plannedDate(60);
    const url = locationUrl(auctionId);
    expect((await call(undefined, 'POST', url, here)).statusCode).toBe(401);
    expect((await call(undefined, 'DELETE', url)).statusCode).toBe(401);

    for (const method of ['POST', 'DELETE'] as const) {
      const strangers = await call(stranger, method, url, method === 'POST' ? here : undefined);
      expect(strangers.statusCode).toBe(404);
      expect(strangers.json()).toMatchObject({ message: DATE_MESSAGES.notFound });
      const moderators = await call(moderator, method, url, method === 'POST' ? here : undefined);
      expect(moderators.statusCode).toBe(403);
      expect(moderators.json()).toMatchObject({ message: DATE_MESSAGES.readOnly });
    }
    expect((await call(winner, 'POST', '/api/auctions/not-a-uuid/date-mode/location', here)).statusCode).toBe(404);

    // Planned, not started: nothing to follow yet.
    const notStarted = await call(winner, 'POST', url, here);
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json()).toMatchObject({ message: DATE_LOCATION_MESSAGES.notRunning });
    expect(await storedPositions(auctionId)).toEqual([]);
  });

  it('refuses coordinates off the globe and anything not a number, with the field named', async () => {
    const { auctionId, winner } = await runningDate();
    const bad: Array<[object | string, string]> = [
      [{ ...here, lat: 90.5 }, DATE_LOCATION_MESSAGES.lat],
      [{ ...here, lat: -90.0001 }, DATE_LOCATION_MESSAGES.lat],
      [{ ...here, lat: '40.7' }, DATE_LOCATION_MESSAGES.lat],
      [{ lng: here.lng, accuracy: 5 }, DATE_LOCATION_MESSAGES.lat],
      [{ ...here, lng: 181 }, DATE_LOCATION_MESSAGES.lng],
      [{ ...here, lng: null }, DATE_LOCATION_MESSAGES.lng],
      [{ ...here, accuracy: -3 }, DATE_LOCATION_MESSAGES.accuracy],
      // JSON.parse reads 1e999 as Infinity: a finite number is required.
      ['{"lat":1e999,"lng":-74,"accuracy":10}', DATE_LOCATION_MESSAGES.lat],
      ['{"lat":40,"lng":-1e999,"accuracy":10}', DATE_LOCATION_MESSAGES.lng],
    ];
    for (const [payload, message] of bad) {
      const res = await call(winner, 'POST', locationUrl(auctionId), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const notJson = await call(winner, 'POST', locationUrl(auctionId), '{"lat": 40,');
    expect(notJson.statusCode).toBe(400);
    expect(await storedPositions(auctionId)).toEqual([]);
  });

  it("keeps each person's last position, at most one every 20 s, and shows the sharer's on their link", async () => {
    const { auctionId, winner } = await runningDate();
    const hostToken = await shareLinkToken(host, auctionId);
    const winnerToken = await shareLinkToken(winner, auctionId);
    expect(await sharedPosition(hostToken)).toBeNull();

    const first = await call(host, 'POST', locationUrl(auctionId), here);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<DateLocationResponse>()).toEqual({
      sharing: true,
      position: { ...here, recordedAt: world.clock.toISOString() },
    });
    expect(await sharedPosition(hostToken)).toEqual({ ...here, recordedAt: world.clock.toISOString() });
    // The winner's friend follows the winner only, who shares nothing.
    expect(await sharedPosition(winnerToken)).toBeNull();
    const shared = await call(undefined, 'GET', `/api/shared-dates/${hostToken}`);
    expect(shared.body).not.toContain(host.id);

    // Too soon: refused, and the stored position stays as it was.
    const recordedAt = world.clock.toISOString();
    advance(LOCATION_MIN_INTERVAL_SECONDS * 1000 - 1);
    const tooSoon = await call(host, 'POST', locationUrl(auctionId), { lat: 40.75, lng: -73.98, accuracy: 5 });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ message: DATE_LOCATION_MESSAGES.tooOften });
    expect(await sharedPosition(hostToken)).toEqual({ ...here, recordedAt });
    // The limit is per member: the winner may share meanwhile.
    expect((await call(winner, 'POST', locationUrl(auctionId), { lat: 1, lng: 2, accuracy: 3 })).statusCode).toBe(200);

    advance(1);
    const moved = await call(host, 'POST', locationUrl(auctionId), { lat: 40.75, lng: -73.98, accuracy: 5 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await sharedPosition(hostToken)).toEqual({
      lat: 40.75,
      lng: -73.98,
      accuracy: 5,
      recordedAt: world.clock.toISOString(),
    });
    expect(await sharedPosition(winnerToken)).toMatchObject({ lat: 1, lng: 2, accuracy: 3 });
    // One row per person: the last position replaces the one before, no history is kept.
    expect(await storedPositions(auctionId)).toHaveLength(2);
  });

  it('deletes a position the moment its owner stops sharing, and only theirs', async () => {
    const { auctionId, winner } = await runningDate();
    const winnerToken = await shareLinkToken(winner, auctionId);
    expect((await call(winner, 'POST', locationUrl(auctionId), here)).statusCode).toBe(200);
    expect((await call(host, 'POST', locationUrl(auctionId), here)).statusCode).toBe(200);

    const stopped = await call(winner, 'DELETE', locationUrl(auctionId));
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<DateLocationResponse>()).toEqual({ sharing: false, position: null });
    expect(await sharedPosition(winnerToken)).toBeNull();
    const left = await storedPositions(auctionId);
    expect(left.map((row) => row.userId)).toEqual([host.id]);
    // Turning it on again right away starts afresh.
    expect((await call(winner, 'POST', locationUrl(auctionId), here)).statusCode).toBe(200);
  });

  it('deletes every position when the date ends, and takes none after it', async () => {
    const { auctionId, winner } = await runningDate();
    advance(10 * MINUTE);
    for (const who of [host, winner]) {
      expect(
        (await call(who, 'POST', `/api/auctions/${auctionId}/date-mode/check-in`, { kind: 'arrived' })).statusCode,
      ).toBe(200);
      expect((await call(who, 'POST', locationUrl(auctionId), here)).statusCode).toBe(200);
    }
    const token = await shareLinkToken(host, auctionId);
    expect(await sharedPosition(token)).not.toBeNull();

    advance(HOST_NO_SHOW_GRACE_MINUTES * MINUTE);
    const ended = await call(winner, 'POST', `/api/auctions/${auctionId}/date-mode/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await storedPositions(auctionId)).toEqual([]);
    expect(await sharedPosition(token)).toBeNull();

    advance(LOCATION_MIN_INTERVAL_SECONDS * 1000);
    const after = await call(host, 'POST', locationUrl(auctionId), here);
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ message: DATE_LOCATION_MESSAGES.notRunning });
    expect(await storedPositions(auctionId)).toEqual([]);
  });

  it('deletes the positions of a date the job ends (a host no-show)', async () => {
    const { auctionId, winner } = await runningDate();
    expect((await call(winner, 'POST', locationUrl(auctionId), here)).statusCode).toBe(200);
    advance((10 + HOST_NO_SHOW_GRACE_MINUTES) * MINUTE + 1);
    await runDateJob();
    expect((await call(winner, 'GET', `/api/auctions/${auctionId}/plan`)).json<DateState>().settlement?.reason).toBe(
      'host_no_show',
    );
    expect(await storedPositions(auctionId)).toEqual([]);
  });
});
