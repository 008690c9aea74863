import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.js';
import { auctions, bids } from '../../src/db/schema/index.js';

/**
 * The row of a coffee in Austin at a geocoded point, with no bids: what the saved-search match
 * reads of a new auction (its place, date type, price and text), for a test that inserts it itself.
 */
export function austinCoffeeRow(creatorId: string, title: string, endTime: Date): typeof auctions.$inferInsert {
  return {
    creatorId,
    title,
    description: 'A coffee and a walk.',
    dateType: 'coffee',
    location: 'Austin, TX',
    latitude: '30.26760000',
    longitude: '-97.74300000',
    startingBid: '20.00',
    currentBid: '20.00',
    paymentResponsibility: '50_50',
    endTime,
  };
}

/** An auction with its bids, inserted as the bid statement would have left them. */
export async function insertAuction(
  db: Db,
  input: {
    creatorId: string;
    endTime: Date;
    title?: string;
    buyNowPrice?: string;
    /** Minutes; the column's default (15) when not given. */
    expectedDuration?: number;
    bids?: Array<{ bidderId: string; amount: string; at: Date }>;
    /** The host's reserve price (docs/auctions.md, "Reserve price"). */
    reservePrice?: string;
    /** Closed by the closing job at `endTime` with no winner (as below its reserve). */
    closed?: boolean;
  },
): Promise<string> {
  const placed = input.bids ?? [];
  const highest = placed.reduce((max, bid) => (Number(bid.amount) > Number(max) ? bid.amount : max), '20.00');
  const [auction] = await db
    .insert(auctions)
    .values({
      creatorId: input.creatorId,
      title: input.title ?? `Coffee ${randomUUID().slice(0, 6)}`,
      description: 'A coffee and a walk by the river.',
      dateType: 'coffee',
      location: 'Austin, TX',
      startingBid: '20.00',
      currentBid: highest,
      buyNowPrice: input.buyNowPrice ?? null,
      reservePrice: input.reservePrice ?? null,
      ...(input.closed ? { isActive: false, closedAt: input.endTime } : {}),
      ...(input.expectedDuration === undefined ? {} : { expectedDuration: input.expectedDuration }),
      endTime: input.endTime,
      bidCount: placed.length,
    })
    .returning({ id: auctions.id });
  if (placed.length > 0) {
    await db.insert(bids).values(
      placed.map((bid) => ({
        auctionId: auction!.id,
        bidderId: bid.bidderId,
        amount: bid.amount,
        createdAt: bid.at,
      })),
    );
  }
  return auction!.id;
}
