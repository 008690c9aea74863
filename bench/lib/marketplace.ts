import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { geocode, type Coordinates } from '../../apps/server/src/lib/geo.js';
import { LATER_WORD_TABLES, withIndexesDropped, withLaterWordsFilledAfter } from './database.js';
import {
  ACTIVITY_TITLES,
  CITIES,
  COFFEE_TITLES,
  CUISINES,
  DINNER_TITLES,
  DISTRICTS,
  FIRST_NAMES,
  GYMS,
  LAST_NAMES,
  RESTAURANTS,
  VENUES,
} from './names.js';

/** A small deterministic generator (mulberry32), so two runs seed the same marketplace. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof createRandom>;

/**
 * Picks index i with weight 1/(i+10): the head of a name list is common, the tail rare, with
 * the most common name near 3.5% as in US census counts (a plain 1/(i+1) would give 18%).
 */
function zipfPicker<T>(items: readonly T[]) {
  const cumulative: number[] = [];
  let total = 0;
  items.forEach((_, i) => {
    total += 1 / (i + 10);
    cumulative.push(total);
  });
  return (random: Random): T => {
    const target = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return items[low]!;
  };
}

function weightedPicker<T>(entries: ReadonlyArray<readonly [T, number]>) {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  return (random: Random): T => {
    let target = random.next() * total;
    for (const [item, weight] of entries) {
      target -= weight;
      if (target < 0) return item;
    }
    return entries.at(-1)![0];
  };
}

const pickFirstName = zipfPicker(FIRST_NAMES);
const pickLastName = zipfPicker(LAST_NAMES);
const pickCity = weightedPicker(CITIES);
const pickDateType = weightedPicker<'coffee' | 'dinner' | 'activity'>([
  ['coffee', 40],
  ['dinner', 35],
  ['activity', 25],
]);

/** Coordinates as the app stores them for a "City, ST" location (the gazetteer's, 8 decimals). */
const cityCoordinates = new Map<string, { latitude: string; longitude: string }>(
  CITIES.map(([city]) => {
    const found: Coordinates | null = geocode({ location: city });
    if (!found) throw new Error(`the gazetteer does not know ${city}`);
    return [city, { latitude: found.latitude.toFixed(8), longitude: found.longitude.toFixed(8) }];
  }),
);

function fillTitle(template: string, random: Random): string {
  return template
    .replace('{venue}', random.pick(VENUES))
    .replace('{restaurant}', random.pick(RESTAURANTS))
    .replace('{cuisine}', random.pick(CUISINES))
    .replace('{district}', random.pick(DISTRICTS))
    .replace('{gym}', random.pick(GYMS));
}

const TITLES = { coffee: COFFEE_TITLES, dinner: DINNER_TITLES, activity: ACTIVITY_TITLES };
const DURATIONS = { coffee: [30, 45, 60, 90], dinner: [60, 90, 120, 150], activity: [60, 120, 180, 240] };
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Share of seeded auctions that already ended (closed, not listed): a live site keeps its history. */
const ENDED_SHARE = 0.1;

/**
 * A marketplace of people with realistic names and auctions with realistic titles, prices,
 * popularity and places, grown in steps (1,000 rows, then 100,000; a million for
 * `bench/plans.ts`) by INSERTs of 5,000 generated rows each (`unnest` of arrays). Bid counts are set on the auction row (as the bid statement keeps them);
 * no bid history is generated, since lists and search read only the row.
 */
export class Marketplace {
  readonly userIds: string[] = [];
  auctionCount = 0;
  private readonly random: Random;

  constructor(
    private readonly pool: pg.Pool,
    seed = 20_260_501,
    private readonly now = Date.now(),
  ) {
    this.random = createRandom(seed);
  }

  /**
   * Adds users and auctions until there are `users` and `auctions` of each, then refreshes planner
   * statistics (unless `analyze` is false: a caller that builds indexes afterwards does it then).
   * Rows go in 5,000 per statement, as arrays unnested in SQL, never one by one.
   */
  async grow(target: { users: number; auctions: number }, options: { analyze?: boolean } = {}): Promise<void> {
    while (this.userIds.length < target.users) {
      await this.insertUsers(Math.min(5000, target.users - this.userIds.length));
    }
    while (this.auctionCount < target.auctions) {
      await this.insertAuctions(Math.min(5000, target.auctions - this.auctionCount));
    }
    if (options.analyze === false) return;
    await this.analyze();
  }

  /**
   * `grow` for large targets: the users' and auctions' secondary indexes are dropped for the load
   * and each built once afterwards (`withIndexesDropped`), instead of a million insertions each;
   * search's later-word tables are filled in one statement each after the load, not by their
   * triggers batch by batch (`withLaterWordsFilledAfter`).
   */
  async bulkLoad(target: { users: number; auctions: number }, log: (message: string) => void): Promise<void> {
    await withIndexesDropped(this.pool, ['users', 'auctions', ...LATER_WORD_TABLES], log, () =>
      withLaterWordsFilledAfter(this.pool, log, () => this.grow(target, { analyze: false })),
    );
    await this.analyze();
  }

  /**
   * A live table has been through autovacuum: planner statistics, and GIN indexes with their
   * pending entries merged (only VACUUM does that). A bulk load must not be measured before.
   */
  private async analyze(): Promise<void> {
    for (const table of ['users', 'auctions', ...LATER_WORD_TABLES]) await this.pool.query(`VACUUM ANALYZE ${table}`);
  }

  private async insertUsers(count: number): Promise<void> {
    const r = this.random;
    const rows = Array.from({ length: count }, (_, i) => {
      const first = pickFirstName(r);
      const last = pickLastName(r);
      const city = pickCity(r);
      const n = this.userIds.length + i + 1;
      return {
        id: randomUUID(),
        email: `${first}.${last}.${n}@example.com`.toLowerCase(),
        first,
        last,
        age: r.int(21, 65),
        city,
        sex: r.pick(['female', 'male', 'other'] as const),
        coordinates: cityCoordinates.get(city)!,
      };
    });
    await this.pool.query(
      `INSERT INTO users (id, email, first_name, last_name, age, location, country, latitude, longitude, sex,
                          open_to_dates_with, bio)
       SELECT id, email, first_name, last_name, age, location, 'United States', latitude, longitude, sex,
              '{female,male}'::sex[], 'Here for good conversation.'
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::numeric[],
                   $8::numeric[], $9::sex[])
         AS t(id, email, first_name, last_name, age, location, latitude, longitude, sex)`,
      [
        rows.map((u) => u.id),
        rows.map((u) => u.email),
        rows.map((u) => u.first),
        rows.map((u) => u.last),
        rows.map((u) => u.age),
        rows.map((u) => u.city),
        rows.map((u) => u.coordinates.latitude),
        rows.map((u) => u.coordinates.longitude),
        rows.map((u) => u.sex),
      ],
    );
    this.userIds.push(...rows.map((u) => u.id));
  }

  private async insertAuctions(count: number): Promise<void> {
    const r = this.random;
    const rows = Array.from({ length: count }, () => {
      const dateType = pickDateType(r);
      const city = pickCity(r);
      const startingBid = r.next() < 0.5 ? r.int(5, 40) : r.int(20, 150);
      // Popularity is skewed: most auctions have a few bids, a few have many.
      const bidCount = r.next() < 0.35 ? 0 : Math.min(80, Math.floor(-Math.log(1 - r.next()) * 6));
      const currentBid = bidCount === 0 ? startingBid : startingBid + bidCount * r.int(1, 5);
      const hasEnded = r.next() < ENDED_SHARE;
      const endTime = hasEnded
        ? this.now - r.int(1, 30 * 24) * HOUR_MS
        : this.now + 2 * HOUR_MS + Math.floor(r.next() * 7 * DAY_MS);
      const createdAt = Math.min(this.now - 60_000, endTime - r.int(1, 7) * DAY_MS);
      const title = fillTitle(r.pick(TITLES[dateType]), r);
      return {
        id: randomUUID(),
        creatorId: r.pick(this.userIds),
        title,
        description: `${title}. Let's meet in ${city.split(',')[0]} and see where the conversation goes.`,
        dateType,
        city,
        coordinates: cityCoordinates.get(city)!,
        startingBid: `${startingBid}.00`,
        currentBid: `${currentBid}.00`,
        buyNowPrice: r.next() < 0.25 ? `${currentBid + r.int(20, 200)}.00` : null,
        responsibility: r.pick(['50_50', 'winner_pays', 'creator_pays'] as const),
        duration: r.pick(DURATIONS[dateType]),
        endTime: new Date(endTime),
        createdAt: new Date(createdAt),
        bidCount,
        hasEnded,
      };
    });
    await this.pool.query(
      `INSERT INTO auctions (id, creator_id, title, description, date_type, location, latitude, longitude,
                             starting_bid, current_bid, buy_now_price, payment_responsibility, expected_duration,
                             end_time, created_at, updated_at, bid_count, is_active, closed_at)
       SELECT id, creator_id, title, description, date_type, location, latitude, longitude, starting_bid,
              current_bid, buy_now_price, payment_responsibility, expected_duration, end_time, created_at,
              created_at, bid_count, NOT has_ended, CASE WHEN has_ended THEN end_time END
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::date_type[], $6::text[], $7::numeric[],
                   $8::numeric[], $9::numeric[], $10::numeric[], $11::numeric[], $12::payment_responsibility[],
                   $13::int[], $14::timestamptz[], $15::timestamptz[], $16::int[], $17::boolean[])
         AS t(id, creator_id, title, description, date_type, location, latitude, longitude, starting_bid,
              current_bid, buy_now_price, payment_responsibility, expected_duration, end_time, created_at,
              bid_count, has_ended)`,
      [
        rows.map((a) => a.id),
        rows.map((a) => a.creatorId),
        rows.map((a) => a.title),
        rows.map((a) => a.description),
        rows.map((a) => a.dateType),
        rows.map((a) => a.city),
        rows.map((a) => a.coordinates.latitude),
        rows.map((a) => a.coordinates.longitude),
        rows.map((a) => a.startingBid),
        rows.map((a) => a.currentBid),
        rows.map((a) => a.buyNowPrice),
        rows.map((a) => a.responsibility),
        rows.map((a) => a.duration),
        rows.map((a) => a.endTime),
        rows.map((a) => a.createdAt),
        rows.map((a) => a.bidCount),
        rows.map((a) => a.hasEnded),
      ],
    );
    this.auctionCount += count;
  }
}
