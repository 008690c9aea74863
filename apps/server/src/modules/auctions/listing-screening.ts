import { LISTING_REFUSAL_MESSAGES, type ScreeningReason } from '@bid/contract';
import type { Db } from '../../db/client.js';
import type { Auction } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { screenFields } from '../../lib/screening/screen.js';

/**
 * Screening of a listing's text (docs/trust-and-safety.md "Screening"): the title, description,
 * payment notes and location. Refused text is a 400 naming the field and nothing is stored; held
 * text is stored hidden and inactive (no bids, out of every list) until a moderator approves it.
 */

export interface ListingText {
  title?: string | null;
  description?: string | null;
  paymentNotes?: string | null;
  location?: string | null;
}

/** What to store with a listing the screening held; nothing when it may be published. */
export interface HeldListing {
  hiddenAt: Date;
  isActive: false;
  reviewStatus: 'pending';
  reviewReasons: ScreeningReason[];
}

export function screenListing(text: ListingText, now: Date): HeldListing | null {
  // Only these four texts, named one by one: a create body also carries the end time and the
  // prices, whose digits can read as look-alike words (an end time at "….455Z" read as an insult
  // and held about one listing in a thousand, at random, before this took the fields by name).
  const { title, description, paymentNotes, location } = text;
  const result = screenFields({ title, description, paymentNotes, location }, { surface: 'listing' });
  if (result.verdict === 'refuse') {
    const reason = result.reasons[0]!;
    throw badRequest(LISTING_REFUSAL_MESSAGES[reason.category], reason.field);
  }
  if (result.verdict === 'hold') {
    return { hiddenAt: now, isActive: false, reviewStatus: 'pending', reviewReasons: result.reasons };
  }
  return null;
}

/**
 * Called, inside the moderator's transaction, when a held listing is approved and becomes
 * visible: the moment a listing is published late. Features that act on a new listing (alerts of
 * saved searches) register here as they do for a listing published at once. A listener may
 * answer work to do once that transaction has committed (the saved-search match).
 */
export type ListingPublishedListener = (db: Db, auction: Auction) => Promise<AfterCommit | void>;

/** Work a listener leaves for after the approval's commit; it must not throw. */
export type AfterCommit = () => void;

const publishedListeners = new Set<ListingPublishedListener>();

/** Registers a listener; answers the function that removes it. */
export function onHeldListingPublished(listener: ListingPublishedListener): () => void {
  publishedListeners.add(listener);
  return () => publishedListeners.delete(listener);
}

/** Runs the listeners in the approval's transaction; answers what to run once it committed. */
export async function notifyHeldListingPublished(db: Db, auction: Auction): Promise<AfterCommit[]> {
  const afterCommit: AfterCommit[] = [];
  for (const listener of publishedListeners) {
    const then = await listener(db, auction);
    if (then) afterCommit.push(then);
  }
  return afterCommit;
}
