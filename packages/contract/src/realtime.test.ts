import { describe, expect, it } from 'vitest';
import { centsToMoneyString } from './money.js';
import { minimumNextBidCents } from './auctions.js';
import {
  auctionChannel,
  conversationChannel,
  parseChannel,
  SERVER_BROADCAST_TYPES,
  SERVER_REPLY_TYPES,
  userChannel,
  WS_MAX_IDS_PER_MESSAGE,
  type ServerBroadcast,
  type ServerBroadcastType,
  type ServerReply,
} from './realtime.js';
import {
  parseClientMessage,
  parseServerEvent,
  serverBroadcastSchema,
  serverEventSchema,
  serverReplySchema,
} from './realtime-schemas.js';

const AUCTION = '0b7f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const HOST = '1c8e2d3f-4e5b-4c6d-9e7f-8091a2b3c4d5';
const WINNER = '2d9f3e4a-5f6c-4d7e-8f90-91a2b3c4d5e6';
const CONVERSATION = `${AUCTION}-${HOST}-${WINNER}`;
const END = new Date('2031-10-01T12:00:00.000Z');

/**
 * Every event the server publishes, built the way its use cases build it (docs/realtime.md,
 * "Messages"): from presented rows (money strings, ISO times), never from raw numbers. The map
 * is keyed by type, so a type added to the union without an example here fails to compile.
 */
const SERVER_BUILT: Record<ServerBroadcastType, ServerBroadcast[]> = {
  bid_update: [
    // After a bid (modules/auctions/submit-bid.ts).
    {
      type: 'bid_update',
      auctionId: AUCTION,
      newBid: '45.00',
      bidCount: 3,
      endTime: END.toISOString(),
      isActive: true,
      winnerId: null,
    },
    // After Buy Now (buy-now.service.ts): the auction ended with the purchase.
    {
      type: 'bid_update',
      auctionId: AUCTION,
      newBid: '100.00',
      bidCount: 4,
      endTime: END.toISOString(),
      isActive: false,
      winnerId: WINNER,
    },
    // After a moderator voided bids (void-bid.service.ts): the price may go down, even to no bid.
    {
      type: 'bid_update',
      auctionId: AUCTION,
      newBid: '20.00',
      bidCount: 0,
      endTime: END.toISOString(),
      isActive: true,
      winnerId: null,
    },
  ],
  auction_closed: [
    // The closing job, with and without a winner; a runner-up accepting the offered date.
    { type: 'auction_closed', auctionId: AUCTION, isActive: false, winnerId: WINNER },
    { type: 'auction_closed', auctionId: AUCTION, isActive: false, winnerId: null },
  ],
  outbid: [
    {
      type: 'outbid',
      auctionId: AUCTION,
      newBid: '30.00',
      minimumBid: centsToMoneyString(minimumNextBidCents({ currentBid: '30.00', startingBid: '30.00', bidCount: 2 })),
    },
  ],
  notifications_changed: [{ type: 'notifications_changed' }],
  date_updated: [{ type: 'date_updated', auctionId: AUCTION }],
  new_message: [
    {
      type: 'new_message',
      message: {
        id: '3eaf4f5b-6a7d-4e8f-9a01-a2b3c4d5e6f7',
        conversationId: CONVERSATION,
        senderId: WINNER,
        receiverId: HOST,
        content: 'Looking forward to it!',
        isRead: false,
        createdAt: END.toISOString(),
      },
    },
    // The hub's form of a message too large for the bus.
    {
      type: 'new_message',
      message: { id: '3eaf4f5b-6a7d-4e8f-9a01-a2b3c4d5e6f7', conversationId: CONVERSATION },
      truncated: true,
    },
  ],
};

const REPLIES: ServerReply[] = [
  { type: 'subscribed', channel: auctionChannel(AUCTION) },
  { type: 'unsubscribed', channel: conversationChannel(CONVERSATION) },
  { type: 'authenticated', userId: HOST },
  { type: 'pong', authenticated: true },
  { type: 'error', message: 'Not authenticated' },
  { type: 'error', message: 'At most 100 subscriptions per connection.', channel: auctionChannel(AUCTION) },
];

describe('ServerEvent', () => {
  it('takes every event the server publishes, as it arrives with its channel', () => {
    for (const [type, events] of Object.entries(SERVER_BUILT)) {
      expect(events.length, type).toBeGreaterThan(0);
      for (const event of events) {
        expect(serverBroadcastSchema.parse(event)).toEqual(event);
        const onChannel = { ...event, channel: auctionChannel(AUCTION) };
        expect(serverEventSchema.parse(onChannel)).toEqual(onChannel);
        expect(parseServerEvent(JSON.stringify(onChannel))).toEqual(onChannel);
      }
    }
  });

  it('lists exactly the broadcast and reply types in SERVER_BROADCAST_TYPES and SERVER_REPLY_TYPES (the web app loads the parser for broadcasts)', () => {
    const schemaTypes = serverBroadcastSchema.options.map((option) => option.shape.type.value);
    expect([...SERVER_BROADCAST_TYPES].sort()).toEqual([...schemaTypes].sort());
    expect([...SERVER_BROADCAST_TYPES].sort()).toEqual(Object.keys(SERVER_BUILT).sort());
    const replyTypes = serverReplySchema.options.map((option) => option.shape.type.value);
    expect([...SERVER_REPLY_TYPES].sort()).toEqual([...replyTypes].sort());
    for (const type of replyTypes) expect(SERVER_BROADCAST_TYPES.has(type)).toBe(false);
  });

  it('takes every answer to a socket’s own frames', () => {
    for (const reply of REPLIES) {
      expect(serverReplySchema.parse(reply)).toEqual(reply);
      expect(parseServerEvent(JSON.stringify(reply))).toEqual(reply);
    }
  });

  it('has one shape per type: a broadcast without its channel, a float amount or a missing field is refused', () => {
    const [bid] = SERVER_BUILT.bid_update;
    expect(parseServerEvent(JSON.stringify(bid))).toBeNull();
    const channel = auctionChannel(AUCTION);
    expect(parseServerEvent(JSON.stringify({ ...bid, channel, newBid: 45 }))).toBeNull();
    expect(parseServerEvent(JSON.stringify({ ...bid, channel, newBid: '45.5' }))).toBeNull();
    const { isActive: _isActive, ...withoutState } = bid as Extract<ServerBroadcast, { type: 'bid_update' }>;
    expect(parseServerEvent(JSON.stringify({ ...withoutState, channel }))).toBeNull();
    expect(
      parseServerEvent(
        JSON.stringify({ type: 'auction_closed', auctionId: AUCTION, isActive: true, winnerId: null, channel }),
      ),
    ).toBeNull();
    expect(parseServerEvent(JSON.stringify({ type: 'fuzz_probe', channel }))).toBeNull();
    expect(parseServerEvent('{not json')).toBeNull();
  });
});

describe('ClientMessage', () => {
  it('takes what the browser sends, ids checked and an unsubscribe’s channel normalised', () => {
    expect(parseClientMessage(JSON.stringify({ type: 'ping' }))).toEqual({ message: { type: 'ping' } });
    expect(parseClientMessage(JSON.stringify({ type: 'authenticate', userId: HOST }))).toEqual({
      message: { type: 'authenticate', userId: HOST },
    });
    expect(parseClientMessage(JSON.stringify({ type: 'subscribe_auction', auctionId: AUCTION }))).toEqual({
      message: { type: 'subscribe_auction', auctionId: AUCTION },
    });
    expect(parseClientMessage(JSON.stringify({ type: 'subscribe_auctions', auctionIds: [AUCTION, HOST] }))).toEqual({
      message: { type: 'subscribe_auctions', auctionIds: [AUCTION, HOST] },
    });
    for (const conversationId of [CONVERSATION, `${HOST}-${WINNER}`]) {
      expect(parseClientMessage(JSON.stringify({ type: 'subscribe_conversation', conversationId }))).toEqual({
        message: { type: 'subscribe_conversation', conversationId },
      });
    }
    expect(parseClientMessage(JSON.stringify({ type: 'unsubscribe', channel: `AUCTION:${AUCTION}` }))).toMatchObject({
      error: 'Unknown channel.',
    });
    expect(
      parseClientMessage(JSON.stringify({ type: 'unsubscribe', channel: `auction:${AUCTION.toUpperCase()}` })),
    ).toEqual({ message: { type: 'unsubscribe', channel: `auction:${AUCTION}` } });
  });

  it('answers what it refuses with a readable error', () => {
    const error = (frame: unknown) => {
      const parsed = parseClientMessage(typeof frame === 'string' ? frame : JSON.stringify(frame));
      return 'error' in parsed ? parsed.error : undefined;
    };
    expect(error('{not json')).toBe('Messages must be JSON.');
    expect(error([1, 2])).toBe('Messages must be JSON objects with a type.');
    expect(error({ type: {} })).toBe('Messages need a string type.');
    expect(error({ type: 'launch_missiles' })).toBe('Unsupported message type: launch_missiles');
    expect(error({ type: 'authenticate', userId: 7 })).toBe('Not authenticated');
    expect(error({ type: 'subscribe_auction', auctionId: "1' OR 1=1" })).toBe('auctionId must be an auction id.');
    expect(error({ type: 'subscribe_auction' })).toBe('auctionId must be an auction id.');
    const tooMany = Array.from({ length: WS_MAX_IDS_PER_MESSAGE + 1 }, () => AUCTION);
    for (const auctionIds of [tooMany, ['nope'], 'x', undefined]) {
      expect(error({ type: 'subscribe_auctions', auctionIds })).toBe('auctionIds must be at most 50 auction ids.');
    }
    expect(error({ type: 'subscribe_conversation', conversationId: 'x' })).toBe(
      'conversationId must be a conversation id.',
    );
    expect(error({ type: 'unsubscribe', channel: 'everything' })).toBe('Unknown channel.');
  });
});

describe('channels', () => {
  it('builds and reads the three kinds, in lower case', () => {
    expect(auctionChannel(AUCTION.toUpperCase())).toBe(`auction:${AUCTION}`);
    expect(userChannel(HOST)).toBe(`user:${HOST}`);
    expect(conversationChannel(CONVERSATION)).toBe(`conversation:${CONVERSATION}`);
    expect(parseChannel(`user:${HOST.toUpperCase()}`)).toEqual({ kind: 'user', id: HOST, name: `user:${HOST}` });
    expect(parseChannel(`conversation:${CONVERSATION}`)?.kind).toBe('conversation');
    for (const bad of ['auction:nope', `room:${AUCTION}`, `user:${CONVERSATION}`, AUCTION, 7, null]) {
      expect(parseChannel(bad)).toBeNull();
    }
  });
});
