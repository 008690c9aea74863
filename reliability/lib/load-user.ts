import { formatAmountPlain, minimumNextBidCents, parseMoneyToCents } from '@bid/contract';
import type { HttpAnswer } from '../../bench/lib/http.js';
import { createRandom } from '../../bench/lib/marketplace.js';
import { UserAgent, type Recorder, type RefusalRule } from './load-recorder.js';
import type { LoadUser } from './load-world.js';

/** A bid the app acknowledged (2xx with its id): it must be in the bids table afterwards. */
export interface AckedBid {
  id: string;
  auctionId: string;
  bidderId: string;
  amountCents: number;
}

/** A message the app acknowledged (201 with its id): stored and readable by both participants afterwards. */
export interface AckedMessage {
  id: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  content: string;
}

export interface Acknowledged {
  bids: AckedBid[];
  messages: AckedMessage[];
  /** Bid and message requests that got no usable answer: the write may or may not have happened. */
  unansweredBids: number;
  unansweredMessages: number;
}

/** How a person behaves; the defaults are the brief's "human" pace. */
export const USER_MODEL = {
  thinkSecondsMin: 0.5,
  thinkSecondsMax: 3,
  /** Users arrive over this many seconds rather than all in the same millisecond. */
  arrivalSeconds: 10,
  searchShare: 0.6,
  bidShare: 0.35,
  notificationListShare: 0.5,
  messageShare: 0.3,
  /** Share of visits that use the default feed (ending soon, no filters): everyone sees the same top auctions. */
  defaultFeedShare: 0.5,
  /** Auctions opened from the top of the list: where bidding wars happen. */
  openFromTop: 8,
} as const;

const SORTS = ['ending-soon', 'most-popular', 'newest', 'price-low', 'price-high'] as const;
const DATE_TYPES = ['all', 'coffee', 'dinner', 'activity'] as const;
const PRICE_RANGES = ['any', 'under-50', '50-100', 'over-100'] as const;
const LOCATIONS = ['any', 'any', '25', '100'] as const;

const isStatus = (answer: HttpAnswer, ...statuses: number[]) => statuses.includes(answer.status);

/** 429 anywhere: a limit the product sets on purpose (messages, bids). */
const rateLimited: RefusalRule = (a) => isStatus(a, 429);

/**
 * A bid refused by the rules under concurrency: someone else's bid landed between the page read
 * and this bid ("Bid must be at least …", or 409 "The auction changed while you were bidding"),
 * or the bidder hit the bid rate limit.
 */
const bidRaceLost: RefusalRule = (a) =>
  isStatus(a, 429, 409) || (a.status === 400 && a.body.includes('Bid must be at least'));

interface ListedAuction {
  id: string;
  creatorId: string;
}

interface AuctionDetail extends ListedAuction {
  currentBid: string;
  startingBid: string;
  bidCount: number;
}

function parse<T>(answer: HttpAnswer | undefined): T | undefined {
  if (!answer || answer.status < 200 || answer.status >= 300) return undefined;
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * One person for the length of the run: browse the feed, maybe search, open an auction, maybe bid
 * the minimum, look at notifications, maybe write to the person they won a date with (or who won
 * theirs), with a pause to read and think after every page. Finishes the request in flight at
 * the deadline and stops.
 */
export async function runUser(input: {
  user: LoadUser;
  deadline: number;
  searchWords: readonly string[];
  recorder: Recorder;
  acknowledged: Acknowledged;
}): Promise<void> {
  const { user, deadline, searchWords, acknowledged } = input;
  const random = createRandom(20_261_122 + user.index);
  const agent = new UserAgent(user.baseUrl, user.member.cookie, input.recorder);
  // A pause never runs past the deadline, so the measured time is the load time.
  const think = () =>
    sleep(
      Math.min(
        deadline - Date.now(),
        1000 * (USER_MODEL.thinkSecondsMin + random.next() * (USER_MODEL.thinkSecondsMax - USER_MODEL.thinkSecondsMin)),
      ),
    );
  const timeLeft = () => Date.now() < deadline;
  let sent = 0;

  try {
    await sleep(random.next() * USER_MODEL.arrivalSeconds * 1000);
    while (timeLeft()) {
      const listed = await openFeed(agent, random);
      await think();
      let candidates = listed;
      if (timeLeft() && random.next() < USER_MODEL.searchShare) {
        const found = await search(agent, random.pick(searchWords));
        if (found.length > 0 && random.next() < 0.5) candidates = found;
        await think();
      }
      const chosen = candidates.slice(0, USER_MODEL.openFromTop).filter((a) => a.creatorId !== user.member.id);
      if (timeLeft() && chosen.length > 0) {
        const detail = parse<AuctionDetail>(
          await agent.get('GET /api/auctions/:id', `/api/auctions/${random.pick(chosen).id}`),
        );
        await think();
        if (detail && timeLeft() && random.next() < USER_MODEL.bidShare) {
          await bid(agent, user, detail, acknowledged);
          await think();
        }
      }
      if (!timeLeft()) break;
      await agent.get('GET /api/notifications/count', '/api/notifications/count', rateLimited);
      if (random.next() < USER_MODEL.notificationListShare) {
        await agent.get('GET /api/notifications', '/api/notifications', rateLimited);
      }
      await think();
      if (timeLeft() && user.conversations.length > 0 && random.next() < USER_MODEL.messageShare) {
        sent += 1;
        await converse(agent, user, random.pick(user.conversations), `${sent}`, acknowledged);
        await think();
      }
    }
  } finally {
    agent.close();
  }
}

async function openFeed(agent: UserAgent, random: ReturnType<typeof createRandom>): Promise<ListedAuction[]> {
  const query =
    random.next() < USER_MODEL.defaultFeedShare
      ? 'sortBy=ending-soon'
      : new URLSearchParams({
          sortBy: random.pick(SORTS),
          dateType: random.pick(DATE_TYPES),
          priceRange: random.pick(PRICE_RANGES),
          location: random.pick(LOCATIONS),
        }).toString();
  return parse<ListedAuction[]>(await agent.get('GET /api/auctions', `/api/auctions?${query}`)) ?? [];
}

async function search(agent: UserAgent, word: string): Promise<ListedAuction[]> {
  const answer = await agent.get('GET /api/search', `/api/search?q=${encodeURIComponent(word)}`);
  const found = parse<{ auctions: Array<{ id: string; creatorId?: string; creator?: { id: string } }> }>(answer);
  return (found?.auctions ?? []).map((a) => ({ id: a.id, creatorId: a.creatorId ?? a.creator?.id ?? '' }));
}

/** The minimum next bid as the page shows it (docs/product.md §5), as a person pressing "bid" would send it. */
async function bid(agent: UserAgent, user: LoadUser, auction: AuctionDetail, acknowledged: Acknowledged) {
  const amountCents = minimumNextBidCents(auction);
  const answer = await agent.post(
    'POST /api/bids',
    '/api/bids',
    { auctionId: auction.id, amount: formatAmountPlain(amountCents) },
    bidRaceLost,
  );
  if (!answer || answer.status >= 500) acknowledged.unansweredBids += 1;
  const placed = parse<{ bid: { id: string; auctionId: string; amount: string } }>(answer);
  if (placed) {
    acknowledged.bids.push({
      id: placed.bid.id,
      auctionId: placed.bid.auctionId,
      bidderId: user.member.id,
      amountCents: parseMoneyToCents(placed.bid.amount) ?? -1,
    });
  }
}

/** Writes one message in an auction chat, then reads the chat back as the page does after sending. */
async function converse(
  agent: UserAgent,
  user: LoadUser,
  conversation: { conversationId: string; otherId: string },
  sequence: string,
  acknowledged: Acknowledged,
) {
  const content = `load ${user.index}.${sequence}: shall we meet at ${10 + (user.index % 9)} o'clock?`;
  const answer = await agent.post(
    'POST /api/messages',
    '/api/messages',
    { conversationId: conversation.conversationId, receiverId: conversation.otherId, content },
    rateLimited,
  );
  if (!answer || answer.status >= 500) acknowledged.unansweredMessages += 1;
  const message = parse<{ id: string }>(answer);
  if (message) {
    acknowledged.messages.push({
      id: message.id,
      conversationId: conversation.conversationId,
      senderId: user.member.id,
      receiverId: conversation.otherId,
      content,
    });
  }
  await agent.get(
    'GET /api/conversations/:id/messages',
    `/api/conversations/${conversation.conversationId}/messages`,
    rateLimited,
  );
}
