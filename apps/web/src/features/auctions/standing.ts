import { formatAmountPlain, minimumNextBidCents, type ViewerStanding } from '@bid/contract';

/** The words for where a bidder stands (docs/web-app.md "Where you stand"). */
export function standingText(
  standing: Exclude<ViewerStanding, null>,
  auction: { currentBid: string; startingBid: string; bidCount: number },
): string {
  switch (standing) {
    case 'winning':
      return "You're winning";
    case 'outbid':
      return `You've been outbid — bid $${formatAmountPlain(minimumNextBidCents(auction))}`;
    case 'won':
      return 'You won — plan your date';
    case 'lost':
      return "Ended — you didn't win";
  }
}

/** The short badge a card shows. */
export const STANDING_BADGES: Record<Exclude<ViewerStanding, null>, string> = {
  winning: "You're winning",
  outbid: 'Outbid',
  won: 'You won',
  lost: "Didn't win",
};

/** The winner's first name as the auction's bid list knows it (the Buy Now bid counts too). */
export function winnerFirstName(auction: {
  winnerId: string | null;
  bids: ReadonlyArray<{ bidder: { id: string; firstName: string | null } }>;
}): string | null {
  if (!auction.winnerId) return null;
  return auction.bids.find((bid) => bid.bidder.id === auction.winnerId)?.bidder.firstName?.trim() || null;
}
