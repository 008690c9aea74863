import { formatDollars, RESERVE_WORDS } from '@bid/contract';

/**
 * The words of the notifications the auction lifecycle sends. Notification titles are
 * short fixed strings (the column holds 255 characters, and so may an auction title);
 * the auction's title goes into the message. They travel by mail and push too, so an amount with
 * cents shows them ("$389.88"); whole dollars stay "$75" (docs/notifications.md).
 */
export const LIFECYCLE_TITLES = {
  won: 'You won!',
  lost: 'Auction ended',
  endingSoon: 'Auction ending soon',
  soldByBuyNow: 'Your auction sold',
  hostEnded: 'Your auction ended',
  /** To the host and the highest bidder of an auction that ended below its reserve price. */
  reserveNotMet: RESERVE_WORDS.closedBelow,
} as const;

/** The host of an auction that ended below its reserve: no winner, and what they may still do. */
export function reserveNotMetHostMessage(auctionTitle: string, bidderName: string, amount: string): string {
  return `"${auctionTitle}" ended at ${formatDollars(amount)}, below your reserve price, so it has no winner and nobody is charged. You can still offer the date to ${bidderName} at their bid of ${formatDollars(amount)} with a second-chance offer on the auction's page.`;
}

/** The highest bidder of an auction that ended below its reserve. */
export function reserveNotMetBidderMessage(auctionTitle: string, amount: string): string {
  return `"${auctionTitle}" ended below the host's reserve price, so it has no winner. You will not be charged. The host may still offer you the date at your bid of ${formatDollars(amount)}.`;
}

/** '"<title>" ended without a winner: …', to the other bidders, as the text before and after the title (built in SQL). */
export const RESERVE_NOT_MET_LOST_PARTS = [
  '"',
  '" ended without a winner: the reserve price was not met. You will not be charged.',
] as const;

/** The host hears how their auction ended; the winner's name is theirs to see, as they may now chat. */
export function hostEndedMessage(auctionTitle: string, winnerName: string | null, amount: string | null): string {
  if (!winnerName || !amount) return `"${auctionTitle}" ended without bids.`;
  return `"${auctionTitle}" ended. ${winnerName} won with ${formatDollars(amount)}: say hello in Messages.`;
}

export function wonMessage(auctionTitle: string, amount: string): string {
  return `You won "${auctionTitle}"! Your winning bid: ${formatDollars(amount)}.`;
}

export function boughtMessage(auctionTitle: string, amount: string): string {
  return `You won "${auctionTitle}"! You bought it with Buy Now for ${formatDollars(amount)}.`;
}

/** Bidders are charged only if they win (docs/product.md §1), so a losing bidder is told they pay nothing. */
export function lostToBuyNowMessage(auctionTitle: string): string {
  return `"${auctionTitle}" was bought with Buy Now by another member. You will not be charged.`;
}

/** '"<title>" has ended and another bidder won. …', as the text before and after the title (built in SQL). */
export const LOST_MESSAGE_PARTS = ['"', '" has ended and another bidder won. You will not be charged.'] as const;

export function soldByBuyNowMessage(buyerName: string, auctionTitle: string, amount: string): string {
  return `${buyerName} bought "${auctionTitle}" with Buy Now for ${formatDollars(amount)}.`;
}

/** '"<title>" ends within 1 hour. Place your final bid!', as the text before and after the title (built in SQL). */
export function endingSoonMessageParts(leadMinutes: number): readonly [string, string] {
  return ['"', `" ends within ${describeMinutes(leadMinutes)}. Place your final bid!`];
}

/** 60 → '1 hour', 120 → '2 hours', 90 → '90 minutes', 1 → '1 minute'. */
export function describeMinutes(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
