import { auctionPictureOf, dateTypeDrawingUrl, formatWholeDollars, parseMoneyToCents } from '@bid/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auctions, users } from '../../db/schema/index.js';
import type { AuctionSharePreview } from '../../plugins/web.js';
import { isAuctionId } from './auctions.service.js';

const DESCRIPTION_MAX_CHARS = 200;

/**
 * The preview of an auction anyone may see. Hidden auctions (moderation, a suspended host) and
 * auctions of deleted accounts have none: their links get the site's generic tags, exactly like
 * an id that names nothing, so a preview tells no more than the page would.
 */
export async function auctionSharePreview(db: Db, id: string): Promise<AuctionSharePreview | undefined> {
  if (!isAuctionId(id)) return undefined;
  const [row] = await db
    .select({
      title: auctions.title,
      description: auctions.description,
      dateType: auctions.dateType,
      location: auctions.location,
      startingBid: auctions.startingBid,
      currentBid: auctions.currentBid,
      bidCount: auctions.bidCount,
      coverImageUrl: auctions.coverImageUrl,
      profileImageUrl: users.profileImageUrl,
    })
    .from(auctions)
    .innerJoin(users, eq(users.id, auctions.creatorId))
    .where(and(eq(auctions.id, id.toLowerCase()), isNull(auctions.hiddenAt), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  const hasBids = row.bidCount > 0 && (parseMoneyToCents(row.currentBid) ?? 0) > 0;
  const price = hasBids
    ? `Current bid ${formatWholeDollars(row.currentBid)}`
    : `Starting bid ${formatWholeDollars(row.startingBid)}`;
  const picture = auctionPictureOf({
    coverImageUrl: row.coverImageUrl,
    dateType: row.dateType,
    creator: { profileImageUrl: row.profileImageUrl },
  });
  const text = row.description.replace(/\s+/g, ' ').trim();
  const clipped = text.length > DESCRIPTION_MAX_CHARS ? `${text.slice(0, DESCRIPTION_MAX_CHARS - 1)}…` : text;
  return {
    title: row.title,
    price,
    description: `${price}${row.location ? ` · ${row.location}` : ''}. ${clipped}`,
    imagePath: picture.kind === 'photo' ? picture.url : dateTypeDrawingUrl(picture.dateType),
  };
}
