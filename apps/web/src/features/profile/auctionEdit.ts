import { editAuctionSchema, type EditAuction, parseMoneyToCents } from '@bid/contract';

/** What the edit-auction form holds: text inputs only; an empty buy-now price means "none". */
export interface EditAuctionValues {
  title: string;
  description: string;
  location: string;
  buyNowPrice: string;
  /** Empty: no reserve price (docs/auctions.md, "Reserve price"). */
  reservePrice: string;
}

/** The editable fields of an auction as the server sends them. */
export interface EditableAuction {
  title: string;
  description: string;
  location: string | null;
  buyNowPrice: string | null;
  /** The host's own reserve price (only their answers carry it). */
  reservePrice?: string | null;
}

/** The form's starting values: the saved auction, with no location or buy-now price as empty text. */
export function toEditValues(auction: EditableAuction): EditAuctionValues {
  return {
    title: auction.title,
    description: auction.description,
    location: auction.location ?? '',
    buyNowPrice: auction.buyNowPrice ?? '',
    reservePrice: auction.reservePrice ?? '',
  };
}

/** The fields the edit call may carry, as typed (before validation). */
export type EditAuctionChanges = Partial<Record<keyof EditAuctionValues, string | null>>;

/**
 * docs/product.md §5 "Auction edit": only changed fields are sent. Text counts as changed when it differs
 * once trimmed (the schema trims too); the buy-now price when its amount differs (so "30" and
 * "30.00" are the same price). Emptying the buy-now price clears it (`null`). A price that is not
 * an amount at all counts as changed, so validation can say what is wrong with it.
 */
export function changedAuctionFields(initial: EditAuctionValues, values: EditAuctionValues): EditAuctionChanges {
  const changes: EditAuctionChanges = {};
  for (const field of ['title', 'description', 'location'] as const) {
    if (values[field].trim() !== initial[field].trim()) changes[field] = values[field];
  }
  // The reserve price changes like the buy-now price: emptying it removes it.
  for (const field of ['buyNowPrice', 'reservePrice'] as const) {
    const before = initial[field].trim();
    const after = values[field].trim();
    if (after === '') {
      if (before !== '') changes[field] = null;
    } else {
      const cents = parseMoneyToCents(after);
      if (cents === undefined || cents !== parseMoneyToCents(before)) changes[field] = after;
    }
  }
  return changes;
}

export type EditValidation = { ok: true; changes: EditAuction } | { ok: false; path: string; message: string };

/** Checks the changed fields with the contract's edit schema; a failure names the first field path and its message. */
export function validateAuctionChanges(changes: EditAuctionChanges): EditValidation {
  const result = editAuctionSchema.safeParse(changes);
  if (result.success) return { ok: true, changes: result.data };
  const issue = result.error.issues[0];
  return { ok: false, path: issue?.path.map(String).join('.') ?? '', message: issue?.message ?? 'Invalid value' };
}

/** The description of the 'Validation Error' toast: the field path, a colon, then the message. */
export function validationErrorDescription(failure: { path: string; message: string }): string {
  return failure.path ? `${failure.path}: ${failure.message}` : failure.message;
}
