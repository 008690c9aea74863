import { formatWholeDollars } from './money.js';

/**
 * The words an ended auction and its winner's next step use (docs/web-app.md "Ended auctions and
 * the winner's next step"). An ended auction shows its outcome instead of a current bid, a time
 * left and a Buy Now price; the winner of an unpaid win is told what happens and what to do.
 */
export const AUCTION_OUTCOME_TEXT = {
  soldFor: (amount: string) => `Sold for ${formatWholeDollars(amount)}`,
  noWinner: 'Ended with no winner',
  cancelled: 'Auction not active',
} as const;

/** The outcome line of an auction that is no longer open. */
export function auctionOutcomeText(auction: {
  winnerId: string | null;
  currentBid: string;
  cancelled: boolean;
}): string {
  if (auction.cancelled) return AUCTION_OUTCOME_TEXT.cancelled;
  return auction.winnerId ? AUCTION_OUTCOME_TEXT.soldFor(auction.currentBid) : AUCTION_OUTCOME_TEXT.noWinner;
}

/** The winner's payment card on the auction page, by the charge's status (docs/charging-and-ledger.md). */
export const WINNER_PAYMENT_TEXT = {
  heading: 'Your payment',
  processing: (amount: string) =>
    `We're charging ${amount} to your saved card. You can plan your date as soon as it has gone through.`,
  failed: (amount: string, deadline: string) =>
    `Pay ${amount} by ${deadline} to keep your date; after that it is offered to the next bidder.`,
  payNow: (card: string) => `Pay now with ${card}`,
  addCard: 'Add a card',
  addCardFirst: 'Add a card on your Payments tab, then come back here to pay.',
  paid: 'Payment received',
  expired: 'The time to pay has passed, so the date was offered to the next bidder.',
  retried: 'Payment received. You can now plan your date.',
  stillFailing: 'The payment did not go through.',
} as const;
