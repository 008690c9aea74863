import { centsToMoneyString, formatAmountPlain, formatDollars, formatWholeDollars } from './money.js';

/**
 * Automatic (maximum) bids and the bounds on money a bid may carry (docs/auctions.md).
 *
 * The rule is a fold over accepted bid requests, in acceptance order. The database runs the same
 * fold inside `accept_bid` under the auction's row lock (migration 0018); `applyBidRequest` is its
 * twin in TypeScript, and a test replays random sequences through both and compares the outcome.
 * All amounts are integer cents.
 */

/** The minimum step between bids (docs/auctions.md: current bid + 1). */
export const BID_STEP_CENTS = 100;
/** A bid or maximum may always go up to this, whatever the current minimum. */
export const BID_CEILING_FLOOR_CENTS = 1_000_00;
/** ...and up to this many times the current minimum bid, */
export const BID_CEILING_MULTIPLIER = 10;
/** ...but never above this. */
export const BID_CEILING_ABSOLUTE_CENTS = 100_000_00;

/**
 * The highest amount a bid or a maximum may name when the minimum acceptable bid is
 * `minimumCents`: the greater of $1,000 and 10 × the minimum, never above $100,000. It keeps a
 * typo or a hostile member from parking an absurd maximum that blocks every other bid.
 */
export function bidCeilingCents(minimumCents: number): number {
  return Math.min(BID_CEILING_ABSOLUTE_CENTS, Math.max(BID_CEILING_FLOOR_CENTS, BID_CEILING_MULTIPLIER * minimumCents));
}

export const bidTooHighMessage = (ceilingCents: number) =>
  `Bids on this auction can be at most ${formatDollars(centsToMoneyString(ceilingCents))} for now. Please enter a smaller amount.`;

/** A bid (or maximum) at or above the Buy Now price: buying is the honest way to pay that much. */
export const buyNowInsteadMessage = (buyNowPrice: string) =>
  `Buy it now for ${formatWholeDollars(buyNowPrice)} instead`;

/** Shown when the bid was stored but a higher maximum answered it at once. */
export const outbidByAutomaticBidMessage = (minimumCents: number) =>
  `Someone's maximum bid is higher. Bid at least $${formatAmountPlain(minimumCents)} to lead.`;

export const MAX_BELOW_AMOUNT_MESSAGE = 'Your maximum must be at least your bid';

/**
 * What the leader's bid button says (docs/auctions.md): a leader's new bid only raises their
 * maximum, so the page offers that instead of "Place Bid".
 */
export const RAISE_YOUR_MAXIMUM = 'Raise your maximum';
/** The toast once the leader's maximum is raised. */
export const MAXIMUM_RAISED_TITLE = 'Maximum raised';
export const maximumRaisedMessage = (maxCents: number) =>
  `You're still winning. We'll bid for you up to $${formatAmountPlain(maxCents)}.`;

/**
 * The problem with an amount (a bid's `amount` or its `maxAmount`) against the auction's money
 * bounds, or null. `buyNowPrice` is the auction's Buy Now price when it has one.
 */
export function bidBoundProblem(input: {
  amountCents: number;
  minimumCents: number;
  buyNowPrice: string | null;
  buyNowCents: number | null;
}): string | null {
  if (input.buyNowCents !== null && input.buyNowPrice !== null && input.amountCents >= input.buyNowCents) {
    return buyNowInsteadMessage(input.buyNowPrice);
  }
  const ceiling = bidCeilingCents(input.minimumCents);
  if (input.amountCents > ceiling) return bidTooHighMessage(ceiling);
  return null;
}

/** One accepted bid request: a plain bid has no `maxCents` (it counts as a maximum equal to its amount). */
export interface BidRequest {
  bidderId: string;
  amountCents: number;
  maxCents?: number | undefined;
}

/** A stored bid row the fold produces: the request's own row, or an automatic answer. */
export interface BidRow {
  bidderId: string;
  amountCents: number;
  automatic: boolean;
}

/**
 * The auction's bidding state between requests. `leaderMaxCents` is private to the leader, and
 * `reserveCents` to the host (null or absent: no reserve price).
 */
export interface AutoBidState {
  startingCents: number;
  priceCents: number;
  bidCount: number;
  leaderId: string | null;
  leaderMaxCents: number;
  reserveCents?: number | null;
}

export function initialAutoBidState(startingCents: number, reserveCents: number | null = null): AutoBidState {
  return { startingCents, priceCents: startingCents, bidCount: 0, leaderId: null, leaderMaxCents: 0, reserveCents };
}

/**
 * The reserve rule (docs/auctions.md, "Reserve price"): a leading maximum at or above the reserve
 * sets the price to at least the reserve; below it the price is what the automatic-bid rule made it.
 * `place_bids` applies the same floor on the locked row.
 */
export function priceWithReserve(priceCents: number, leaderMaxCents: number, reserveCents: number | null | undefined) {
  if (reserveCents === null || reserveCents === undefined || leaderMaxCents < reserveCents) return priceCents;
  return Math.max(priceCents, reserveCents);
}

/**
 * Whether the reserve is met: some bid stands and the price reached the reserve. Undefined when
 * there is no reserve. The price reaches the reserve exactly when the leader's maximum does (the
 * rule above), so the public price tells it without the private maximum.
 */
export function isReserveMet(input: {
  reserveCents: number | null | undefined;
  priceCents: number;
  bidCount: number;
}): boolean | undefined {
  if (input.reserveCents === null || input.reserveCents === undefined) return undefined;
  return input.bidCount > 0 && input.priceCents >= input.reserveCents;
}

/** The lowest acceptable bid (or maximum) in `state`. */
export function minimumBidCents(state: Pick<AutoBidState, 'bidCount' | 'priceCents' | 'startingCents'>): number {
  return state.bidCount === 0 ? state.startingCents : state.priceCents + BID_STEP_CENTS;
}

export type BidRequestOutcome =
  | { accepted: false; minimumCents: number }
  | {
      accepted: true;
      state: AutoBidState;
      /** Rows to store, in order. Empty when the leader bid again (which only raises their maximum). */
      rows: BidRow[];
      /** The bidder whose lead was taken (gets 'outbid' with the new price), or null. */
      outbidId: string | null;
      /** True when the request did not beat the leader's maximum and an automatic bid answered it. */
      outbidByAutomaticBid: boolean;
    };

/**
 * Applies one bid request to `state` (acceptance order). The rules:
 * - the leader is the bidder with the highest maximum; on equal maximums, the one who set it first;
 * - the current bid is the lowest amount that beats every other maximum by the step, capped at the
 *   leader's maximum, never below the leader's own amount;
 * - a request is valid when its maximum (its amount for a plain bid) is at least the minimum; the
 *   amount of a request with a maximum only sets where its visible bid starts;
 * - a request that does not beat the leader's maximum is stored at its maximum and answered at
 *   once by an automatic bid of the leader;
 * - any new bid by the leader, a maximum or a plain bid, only raises their maximum (to the higher of
 *   the two) and never moves the price: the leader has nobody to beat (as on eBay and Catawiki).
 */
export function applyBidRequest(state: AutoBidState, request: BidRequest): BidRequestOutcome {
  const minimum = minimumBidCents(state);
  const max = request.maxCents ?? request.amountCents;
  if (max < minimum || max < request.amountCents) return { accepted: false, minimumCents: minimum };
  const start = Math.min(max, Math.max(request.amountCents, minimum));
  const bidCount = (rows: BidRow[]) => state.bidCount + rows.length;

  if (state.leaderId === request.bidderId) {
    // A plain bid counts as a maximum equal to its amount: the price stays, no row is stored,
    // unless the raised maximum meets the reserve, which lifts the price to it (one row, shown).
    const leaderMaxCents = Math.max(state.leaderMaxCents, max);
    const price = priceWithReserve(state.priceCents, leaderMaxCents, state.reserveCents);
    const rows: BidRow[] =
      price > state.priceCents ? [{ bidderId: request.bidderId, amountCents: price, automatic: false }] : [];
    const next = { ...state, leaderMaxCents, priceCents: price, bidCount: bidCount(rows) };
    return { accepted: true, state: next, rows, outbidId: null, outbidByAutomaticBid: false };
  }

  if (state.leaderId === null) {
    const price = priceWithReserve(start, max, state.reserveCents);
    const rows = [{ bidderId: request.bidderId, amountCents: price, automatic: false }];
    const next = {
      ...state,
      priceCents: price,
      bidCount: bidCount(rows),
      leaderId: request.bidderId,
      leaderMaxCents: max,
    };
    return { accepted: true, state: next, rows, outbidId: null, outbidByAutomaticBid: false };
  }

  if (max > state.leaderMaxCents) {
    const rows: BidRow[] = [];
    // The beaten leader's automatic bid went as far as their maximum before giving way.
    if (state.leaderMaxCents > state.priceCents) {
      rows.push({ bidderId: state.leaderId, amountCents: state.leaderMaxCents, automatic: true });
    }
    const price = priceWithReserve(
      Math.max(start, Math.min(max, state.leaderMaxCents + BID_STEP_CENTS)),
      max,
      state.reserveCents,
    );
    rows.push({ bidderId: request.bidderId, amountCents: price, automatic: false });
    const next = {
      ...state,
      priceCents: price,
      bidCount: bidCount(rows),
      leaderId: request.bidderId,
      leaderMaxCents: max,
    };
    return { accepted: true, state: next, rows, outbidId: state.leaderId, outbidByAutomaticBid: false };
  }

  // Not above the leader's maximum (a tie goes to the leader, who set it first): the request is
  // stored at its maximum and the leader's automatic bid answers one step above, within its maximum.
  // (The floor never lifts this answer: a leader at or above the reserve already priced it there.)
  const answer = priceWithReserve(
    Math.min(state.leaderMaxCents, max + BID_STEP_CENTS),
    state.leaderMaxCents,
    state.reserveCents,
  );
  const rows: BidRow[] = [
    { bidderId: request.bidderId, amountCents: max, automatic: false },
    { bidderId: state.leaderId, amountCents: answer, automatic: true },
  ];
  const next = { ...state, priceCents: answer, bidCount: bidCount(rows) };
  return { accepted: true, state: next, rows, outbidId: null, outbidByAutomaticBid: true };
}

/** Replays accepted-or-refused requests in order; refused ones change nothing. */
export function replayBidRequests(
  startingCents: number,
  requests: readonly BidRequest[],
  reserveCents: number | null = null,
) {
  let state = initialAutoBidState(startingCents, reserveCents);
  const rows: BidRow[] = [];
  for (const request of requests) {
    const outcome = applyBidRequest(state, request);
    if (!outcome.accepted) continue;
    state = outcome.state;
    rows.push(...outcome.rows);
  }
  return { state, rows };
}

/**
 * The standing computed from maximums alone (used after a bid is voided, and to check the fold):
 * per bidder their highest maximum and when they first set it, and the highest amount they have
 * been shown at. Returns the leader and the price by the rule above.
 */
export function standingFromMaximums(
  startingCents: number,
  bidders: readonly { bidderId: string; maxCents: number; setOrder: number; highestAmountCents: number }[],
  reserveCents: number | null = null,
): { leaderId: string | null; leaderMaxCents: number; priceCents: number } {
  if (bidders.length === 0) return { leaderId: null, leaderMaxCents: 0, priceCents: startingCents };
  const ranked = [...bidders].sort((a, b) => b.maxCents - a.maxCents || a.setOrder - b.setOrder);
  const leader = ranked[0]!;
  const second = ranked[1];
  const beatOthers = second ? Math.min(leader.maxCents, second.maxCents + BID_STEP_CENTS) : 0;
  return {
    leaderId: leader.bidderId,
    leaderMaxCents: leader.maxCents,
    priceCents: priceWithReserve(Math.max(leader.highestAmountCents, beatOthers), leader.maxCents, reserveCents),
  };
}
