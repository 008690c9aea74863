import type { NotificationType } from '@bid/contract';
import type { Db } from '../../db/client.js';
import type { Auction } from '../../db/schema/index.js';
import { notify } from '../notifications/notify.js';
import type { BidNotificationTexts } from './bids.repository.js';
import { listBidderIds } from './auctions.repository.js';

export type AuctionChange = 'updated' | 'cancelled' | 'removed';

/**
 * The notification type each change is sent under. docs/product.md §4 says bidders are notified when an
 * auction is edited or cancelled; docs/product.md §3's six types have no fitting value, so the enum has
 * 'auction_updated' and 'auction_cancelled' for them (sending 'outbid' would mislead).
 */
export const AUCTION_CHANGE_NOTIFICATION_TYPE: Record<AuctionChange, NotificationType> = {
  updated: 'auction_updated',
  cancelled: 'auction_cancelled',
  // Hidden by a moderator while open (docs/trust-and-safety.md): for its bidders it ended like a cancellation.
  removed: 'auction_cancelled',
};

const CHANGE_TEXTS: Record<AuctionChange, (title: string) => { title: string; message: string }> = {
  updated: (title) => ({
    title: 'Auction updated',
    message: `The host changed the details of "${title}". Take a look before you bid again.`,
  }),
  cancelled: (title) => ({
    title: 'Auction cancelled',
    message: `The host cancelled "${title}". There is no winner and no one will be charged.`,
  }),
  removed: (title) => ({
    title: 'Auction removed',
    message: `"${title}" was removed by our moderators. There is no winner and no one will be charged.`,
  }),
};

/**
 * Tells every distinct bidder of `auction` about an edit, a cancellation or a removal by a
 * moderator (pass the transaction that made the change). Returns who was told.
 */
export async function notifyBiddersOfChange(db: Db, auction: Auction, change: AuctionChange): Promise<string[]> {
  const type = AUCTION_CHANGE_NOTIFICATION_TYPE[change];
  if (auction.bidCount === 0) return [];
  const bidderIds = await listBidderIds(db, auction.id);
  const text = CHANGE_TEXTS[change](auction.title);
  await notify(
    db,
    bidderIds.map((userId) => ({
      userId,
      type,
      title: text.title,
      message: text.message,
      relatedAuctionId: auction.id,
      relatedUserId: auction.creatorId,
    })),
  );
  return bidderIds;
}

/**
 * Readable texts for the two notices a bid sends (creator and beaten leader). The amounts are
 * placeholders `place_bids` fills in ({amount}: the bidder's visible bid, {price}: the new
 * current bid, {next}: the new minimum), because automatic bids decide them under the row lock.
 */
export function bidNotificationTexts(input: { bidderName: string; title: string }): BidNotificationTexts {
  return {
    received: {
      title: 'New bid on your auction',
      message: `${input.bidderName} bid ${'$'}{amount} on "${input.title}".`,
    },
    outbid: {
      title: "You've been outbid",
      message: `Someone bid ${'$'}{price} on "${input.title}". Bid at least ${'$'}{next} to take the lead.`,
    },
  };
}

const NAME_SLOT = '\u0000name\u0000';
const TITLE_SLOT = '\u0000title\u0000';
const asFormatTemplate = (text: string) =>
  text.replaceAll('%', '%%').replaceAll(NAME_SLOT, '%1$s').replaceAll(TITLE_SLOT, '%2$s');

/**
 * `bidNotificationTexts` as the format() templates `place_bids` fills in with the bidder's display
 * name and the auction's title (migration 0024): built once, so a bid sends the same four texts.
 */
export const BID_NOTIFICATION_TEMPLATES: BidNotificationTexts = (() => {
  const texts = bidNotificationTexts({ bidderName: NAME_SLOT, title: TITLE_SLOT });
  return {
    received: { title: asFormatTemplate(texts.received.title), message: asFormatTemplate(texts.received.message) },
    outbid: { title: asFormatTemplate(texts.outbid.title), message: asFormatTemplate(texts.outbid.message) },
  };
})();
