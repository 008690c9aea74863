import type { PaymentResponsibility } from '@bid/contract';
import { DEMO_AUCTIONS, DEMO_PROFILES, type DemoAuctionTemplate, type DemoProfile } from './demo-content.js';

/**
 * Turns the demo content into rows with prices, times and bids. Pure and seeded, so
 * the same `now` always gives the same data set: a screenshot, a bug report or a test
 * about the demo can be reproduced.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const ACTIVE_AUCTIONS_FIRST_END = 2 * HOUR;
const ACTIVE_AUCTIONS_LAST_END = 10 * DAY;
const ENDED_AUCTIONS = 6;
const RADII = [10, 25, 50] as const;
const PAYMENT_CHOICES: readonly PaymentResponsibility[] = ['50_50', 'winner_pays', 'creator_pays'];
/** Starting bids in whole dollars, in steps of 5: a coffee is worth less than a dinner. */
const STARTING_BID_RANGE: Record<DemoAuctionTemplate['dateType'], [number, number]> = {
  coffee: [10, 40],
  activity: [20, 70],
  dinner: [30, 80],
};
/** What the bid form offers above the minimum (docs/product.md §9 quick-bid buttons), weighted towards the minimum. */
const BID_STEPS_ABOVE_MINIMUM = [0, 0, 0, 0, 5, 5, 10, 25] as const;
/** How many bids an active auction gets; zeros keep a few "no bids yet" cards in the feed. */
const ACTIVE_BID_COUNTS = [0, 0, 1, 2, 3, 4, 5, 6, 7, 9] as const;

/**
 * Where a won demo auction stands, so the demo shows every stage a member meets after winning
 * (docs/the-date.md, "The demo's dates"). `to-review` is the place for the date to review once
 * feedback exists; until then it is a finished date like `finished`, a day older.
 */
export const DEMO_STAGES = ['unpaid', 'to-plan', 'date-mode', 'finished', 'to-review'] as const;
export type DemoStage = (typeof DEMO_STAGES)[number];

export interface DemoUserPlan extends DemoProfile {
  createdAt: Date;
}

export interface DemoAuctionPlan extends DemoAuctionTemplate {
  location: string;
  latitude: string;
  longitude: string;
  locationRadius: number;
  startingBid: string;
  currentBid: string;
  buyNowPrice: string | null;
  paymentResponsibility: PaymentResponsibility;
  endTime: Date;
  isActive: boolean;
  /** Index into `users` of the highest bidder of an ended auction. */
  winner: number | null;
  /** The stage of a won auction's payment and date; null for an open or unsold one. */
  stage: DemoStage | null;
  bidCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface DemoBidPlan {
  /** Index into `auctions`. */
  auction: number;
  /** Index into `users`. */
  bidder: number;
  amount: string;
  createdAt: Date;
}

export interface DemoPlan {
  users: DemoUserPlan[];
  auctions: DemoAuctionPlan[];
  bids: DemoBidPlan[];
}

/** mulberry32: tiny, fast and good enough to make fake data look unpatterned. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return { next, int, pick, shuffle };
}

type Random = ReturnType<typeof createRandom>;

const dollars = (whole: number): string => `${whole}.00`;
const atMinute = (ms: number): Date => new Date(Math.floor(ms / MINUTE) * MINUTE);

function profileOf(index: number): DemoProfile {
  const profile = DEMO_PROFILES[index];
  if (!profile) throw new Error(`demo auction refers to missing profile ${index}`);
  return profile;
}

/**
 * Who may bid on a creator's auctions: everyone else, with neighbours from the same
 * city three times as likely, since an outing is easier to attend nearby.
 */
function bidderPool(creator: number): number[] {
  const city = profileOf(creator).location;
  return DEMO_PROFILES.flatMap((profile, index) => {
    if (index === creator) return [];
    return profile.location === city ? [index, index, index] : [index];
  });
}

/**
 * Bids on one auction: strictly rising amounts from above the starting bid, strictly
 * later times inside [opensAt, closesAt), never by the creator, never the same bidder
 * twice in a row (nobody outbids themselves), and never reaching the buy-now price,
 * which would have ended the auction.
 */
function planBids(
  random: Random,
  auction: number,
  creator: number,
  startingBid: number,
  buyNowPrice: number | null,
  wanted: number,
  opensAt: number,
  closesAt: number,
): DemoBidPlan[] {
  const bids: DemoBidPlan[] = [];
  const slot = (closesAt - opensAt) / Math.max(wanted, 1);
  let current = startingBid;
  let previousBidder = -1;
  for (let i = 0; i < wanted; i++) {
    // The app's minimum is the current bid plus one (docs/product.md §5), with no bids the starting bid plus one.
    const amount = current + 1 + random.pick(BID_STEPS_ABOVE_MINIMUM);
    if (buyNowPrice !== null && amount >= buyNowPrice) break;
    const candidates = bidderPool(creator).filter((u) => u !== previousBidder);
    const bidder = random.pick(candidates);
    // One bid per slot keeps the times strictly increasing without sorting.
    const createdAt = new Date(Math.floor(opensAt + i * slot + random.next() * slot * 0.8));
    bids.push({ auction, bidder, amount: dollars(amount), createdAt });
    current = amount;
    previousBidder = bidder;
  }
  return bids;
}

export function planDemoData(now: Date, seed = 20_250_922): DemoPlan {
  const random = createRandom(seed);
  const nowMs = now.getTime();

  const users: DemoUserPlan[] = DEMO_PROFILES.map((profile, index) => ({
    ...profile,
    createdAt: atMinute(nowMs - (30 + index * 3) * DAY - random.int(0, 12 * 60) * MINUTE),
  }));

  const order = random.shuffle(DEMO_AUCTIONS.map((_, index) => index));
  const ended = new Set(order.slice(0, ENDED_AUCTIONS));
  const active = order.slice(ENDED_AUCTIONS);
  const endedOrder = order.slice(0, ENDED_AUCTIONS);

  const auctions: DemoAuctionPlan[] = [];
  const bids: DemoBidPlan[] = [];
  DEMO_AUCTIONS.forEach((template, index) => {
    const creator = profileOf(template.creator);
    const [lowest, highest] = STARTING_BID_RANGE[template.dateType];
    const startingBid = random.int(lowest / 5, highest / 5) * 5;
    const buyNowPrice = random.next() < 0.4 ? startingBid + random.pick([25, 40, 60, 75]) : null;
    const isEnded = ended.has(index);

    let endTime: number;
    let createdAt: number;
    let wantedBids: number;
    if (isEnded) {
      const position = endedOrder.indexOf(index);
      endTime = nowMs - 3 * HOUR - position * DAY - random.int(0, 12 * 60) * MINUTE;
      createdAt = endTime - random.int(2, 7) * DAY;
      // The first ended auction closes unsold, so the demo shows an ended auction without a winner.
      wantedBids = position === 0 ? 0 : random.int(2, 7);
    } else {
      const position = active.indexOf(index);
      const spread = (ACTIVE_AUCTIONS_LAST_END - ACTIVE_AUCTIONS_FIRST_END) / (active.length - 1);
      endTime = nowMs + ACTIVE_AUCTIONS_FIRST_END + position * spread;
      createdAt = nowMs - random.int(6, 96) * HOUR;
      wantedBids = random.pick(ACTIVE_BID_COUNTS);
    }
    endTime = atMinute(endTime).getTime();
    createdAt = atMinute(createdAt).getTime();

    // Bids fall between the listing and its end, and never in the future.
    const opensAt = createdAt + 10 * MINUTE;
    const closesAt = Math.min(endTime, nowMs) - 5 * MINUTE;
    const auctionBids = planBids(
      random,
      index,
      template.creator,
      startingBid,
      buyNowPrice,
      wantedBids,
      opensAt,
      closesAt,
    );
    bids.push(...auctionBids);
    const last = auctionBids.at(-1);

    auctions.push({
      ...template,
      location: creator.location,
      latitude: creator.latitude,
      longitude: creator.longitude,
      locationRadius: random.pick(RADII),
      startingBid: dollars(startingBid),
      currentBid: last ? last.amount : dollars(startingBid),
      buyNowPrice: buyNowPrice === null ? null : dollars(buyNowPrice),
      paymentResponsibility: random.pick(PAYMENT_CHOICES),
      endTime: new Date(endTime),
      isActive: !isEnded,
      winner: isEnded && last ? last.bidder : null,
      // The ended auctions after the unsold one take the stages in turn (position 1 is the most recent).
      stage: isEnded && last ? (DEMO_STAGES[(endedOrder.indexOf(index) - 1) % DEMO_STAGES.length] ?? null) : null,
      bidCount: auctionBids.length,
      createdAt: new Date(createdAt),
      updatedAt: isEnded ? new Date(endTime) : (last?.createdAt ?? new Date(createdAt)),
    });
  });

  return { users, auctions, bids };
}
