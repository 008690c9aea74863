import {
  type CreateAuction,
  createAuctionSchema,
  DEFAULT_END_TIME,
  DURATION_FORM_DEFAULT_MINUTES,
  DURATION_TYPE_MINIMUM_MESSAGE,
  MIN_DURATION_BY_DATE_TYPE,
  RADIUS_DEFAULT_MILES,
  STARTING_BID_DEFAULT,
} from '@bid/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the create form holds: text as typed; the end time is split into a date and a time of day. */
export interface CreateAuctionFormValues {
  title: string;
  description: string;
  dateType: '' | 'coffee' | 'dinner' | 'activity';
  location: string;
  locationRadius: string;
  startingBid: string;
  buyNowPrice: string;
  /** Optional, whole dollars, never shown to bidders (docs/auctions.md, "Reserve price"). */
  reservePrice: string;
  paymentResponsibility: '50_50' | 'winner_pays' | 'creator_pays';
  paymentNotes: string;
  expectedDuration: string;
  endDate: string;
  endTimeOfDay: string;
}

/** docs/product.md §9 defaults: radius 25, starting bid 20, duration 60, end time 23:59, payment split 50/50. */
export const CREATE_AUCTION_DEFAULTS: CreateAuctionFormValues = {
  title: '',
  description: '',
  dateType: '',
  location: '',
  locationRadius: String(RADIUS_DEFAULT_MILES),
  startingBid: String(STARTING_BID_DEFAULT),
  buyNowPrice: '',
  reservePrice: '',
  paymentResponsibility: '50_50',
  paymentNotes: '',
  expectedDuration: String(DURATION_FORM_DEFAULT_MINUTES),
  endDate: '',
  endTimeOfDay: DEFAULT_END_TIME,
};

/** 'YYYY-MM-DD' of a moment in the viewer's own calendar (the date input's format). */
export function localDateString(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The chosen local date and time as an ISO instant, or null without a (valid) date. */
export function combineEndTime(endDate: string, endTimeOfDay: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate)) return null;
  const time = /^\d{2}:\d{2}(:\d{2})?$/.test(endTimeOfDay) ? endTimeOfDay : DEFAULT_END_TIME;
  const end = new Date(`${endDate}T${time}`);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/** The POST /api/auctions body the form's values stand for (before the contract schema normalises it). */
export function toCreateAuctionInput(values: CreateAuctionFormValues, endTime: string | null) {
  return {
    title: values.title,
    description: values.description,
    dateType: values.dateType === '' ? undefined : values.dateType,
    location: values.location,
    locationRadius: values.locationRadius,
    startingBid: values.startingBid,
    buyNowPrice: values.buyNowPrice.trim() === '' ? undefined : values.buyNowPrice.trim(),
    reservePrice: values.reservePrice.trim() === '' ? undefined : values.reservePrice.trim(),
    endTime: endTime ?? undefined,
    paymentResponsibility: values.paymentResponsibility,
    paymentNotes: values.paymentNotes,
    expectedDuration: values.expectedDuration,
  };
}

/** Parses the form into the API body with a known end time; null when a field is invalid. */
export function parseCreateAuction(values: CreateAuctionFormValues, endTime: string): CreateAuction | null {
  const result = createAuctionSchema.safeParse(toCreateAuctionInput(values, endTime));
  return result.success ? result.data : null;
}

/**
 * Field validation with the contract's messages (docs/product.md §5 "Auction create form"). The end time
 * is left to the pre-submit checks, which speak about it in the spec's own toasts and order.
 */
export const createAuctionResolver: Resolver<CreateAuctionFormValues> = async (values) => {
  const result = await createAuctionSchema.safeParseAsync(
    toCreateAuctionInput(values, combineEndTime(values.endDate, values.endTimeOfDay)),
  );
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field === 'endTime' || !field || field in errors) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  // The schema checks the date type's minimum only once every other field is valid; say it at once.
  const minutes = Number(values.expectedDuration);
  if (!errors.expectedDuration && values.dateType && minutes < MIN_DURATION_BY_DATE_TYPE[values.dateType]) {
    errors.expectedDuration = { type: 'custom', message: DURATION_TYPE_MINIMUM_MESSAGE };
  }
  if (Object.keys(errors).length > 0) {
    return { values: {}, errors: errors as FieldErrors<CreateAuctionFormValues> };
  }
  return { values, errors: {} };
};
