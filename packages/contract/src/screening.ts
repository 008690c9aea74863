/**
 * Screening of what members write and upload before others see it (issue 36,
 * docs/trust-and-safety.md "Screening"). The server decides; these are the shapes and the words
 * both sides show.
 */

export const SCREENING_CATEGORIES = ['sexual', 'contact', 'harassment'] as const;
export type ScreeningCategory = (typeof SCREENING_CATEGORIES)[number];

/** allow: goes out; warn: a message asks its sender first; hold: saved, hidden until a moderator approves; refuse: 400. */
export const SCREENING_VERDICTS = ['allow', 'warn', 'hold', 'refuse'] as const;
export type ScreeningVerdict = (typeof SCREENING_VERDICTS)[number];

/** One thing the screening found: its category, the field it is in and the words that matched (as written). */
export interface ScreeningReason {
  category: ScreeningCategory;
  field: string;
  excerpt: string;
}

export interface ScreeningResult {
  verdict: ScreeningVerdict;
  reasons: ScreeningReason[];
}

/** The state of a listing or photo that screening held for a moderator. */
export const REVIEW_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Shown to the owner of a held listing or photo (and nobody else sees it). */
export const IN_REVIEW_LABEL = 'In review';
export const IN_REVIEW_EXPLANATION =
  'Our moderators are checking this before anyone else can see it. We will tell you when it is done.';

/** Why, per category, in words a member understands (the host's "In review" note, the chat's prompts). */
export const SCREENING_CATEGORY_EXPLANATIONS: Record<ScreeningCategory, string> = {
  sexual: 'Dates here are platonic: it reads as sexual or as paid companionship.',
  contact: 'It contains contact details or a way to pay outside the app.',
  harassment: 'It reads as a threat, a slur or an insult.',
};

/** 400 messages when a listing or profile field is refused, by category. */
export const LISTING_REFUSAL_MESSAGES: Record<ScreeningCategory, string> = {
  contact: 'Keep contact details off the listing: the winner can message you after the auction.',
  sexual: 'Dates on BidYourDate are platonic: remove the sexual or paid-companionship wording.',
  harassment: 'Remove the threat, slur or insult.',
};
export const PROFILE_REFUSAL_MESSAGES: Record<ScreeningCategory, string> = {
  contact: 'Keep contact details off your profile: members can message you in the app.',
  sexual: 'Dates on BidYourDate are platonic: remove the sexual or paid-companionship wording.',
  harassment: 'Remove the threat, slur or insult.',
};
/** 400 when a message is refused (threats, slurs, solicitation for money). */
export const MESSAGE_REFUSAL_MESSAGES: Record<ScreeningCategory, string> = {
  contact: 'This message cannot be sent: payments go through BidYourDate only.',
  sexual: 'This message cannot be sent: offering or asking money for companionship or sex is not allowed.',
  harassment: 'This message cannot be sent: threats and slurs are not allowed.',
};

/**
 * 400 when a public review or a response to one is refused by the screening (issue 35,
 * docs/trust-and-safety.md "Screening"). Field `review` (POST /api/auctions/{id}/feedback) or
 * `text` (POST /api/auctions/{id}/feedback/response).
 */
export const REVIEW_REFUSAL_MESSAGES: Record<ScreeningCategory, string> = {
  contact: 'Keep contact details, links and payment handles out of reviews.',
  sexual: 'Dates on BidYourDate are platonic: remove the sexual or paid-companionship wording.',
  harassment: 'Remove the threat, slur or insult.',
};
/**
 * 400 when the screening would hold a review or a response for a moderator: neither can be
 * edited once sent, so instead of holding it the member is asked to rewrite it.
 */
export const REVIEW_REWRITE_MESSAGES: Record<ScreeningCategory, string> = {
  contact: 'Please rewrite this without contact details: it cannot be changed once it is posted.',
  sexual: 'Please rewrite this without the suggestive wording: it cannot be changed once it is posted.',
  harassment: 'Please rewrite this without the insult or swearing: it cannot be changed once it is posted.',
};

/** The chat's prompt before a message the screening warned about (Tinder's "Are You Sure?"). */
export const CONFIRM_SEND_CODE = 'confirm_send';
export const CONFIRM_SEND_TITLE = 'Are you sure?';
export const CONFIRM_SEND_MESSAGE = 'This message may upset the person you are writing to.';
export const CONFIRM_SEND_ACTION = 'Send anyway';
export const CONFIRM_SEND_CANCEL = 'Edit message';

/** Under a received message that was sent after a warning (Tinder's "Does This Bother You?"). */
export const BOTHER_PROMPT = 'Does this bother you?';
export const BOTHER_REPORT_ACTION = 'Report it';

/** Moderation queue of held items. */
export const HELD_LISTING_APPROVED_TITLE = 'Your auction is live';
export const HELD_LISTING_REJECTED_TITLE = 'Your auction was not published';
export const heldListingApprovedMessage = (title: string) =>
  `"${title}" was checked by our moderators and is now visible to everyone.`;
export const heldListingRejectedMessage = (title: string, reasons: string) =>
  `"${title}" was not published by our moderators. Reasons: ${reasons}`;
export const HELD_PHOTO_APPROVED_TITLE = 'Your photo is visible';
export const HELD_PHOTO_REJECTED_TITLE = 'Your photo was removed';
export const HELD_LISTING_EDIT_MESSAGE = 'This auction is in review: you can edit it once a moderator has checked it.';
export const HELD_ITEM_NOT_FOUND = 'Nothing in review by that id.';

export const heldPhotoApprovedMessage = (what: string) =>
  `Our moderators checked your ${what} and everyone can see it now.`;
export const heldPhotoRejectedMessage = (what: string, reasons: string) =>
  `Our moderators removed your ${what}. Reasons: ${reasons}`;

/**
 * Photo classification (issue 36 point 4, docs/trust-and-safety.md "Screening"): the classes of the
 * image model (nsfwjs, MobileNetV2) and the scores at or above which a photo is held for a
 * moderator. Drawing and Neutral never hold. The server may be configured with other thresholds
 * (PHOTO_HOLD_THRESHOLDS); these are the production defaults.
 */
export const PHOTO_CLASSES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;
export type PhotoClass = (typeof PHOTO_CLASSES)[number];
export type PhotoScores = Record<PhotoClass, number>;
export const DEFAULT_PHOTO_HOLD_THRESHOLDS: Partial<Record<PhotoClass, number>> = {
  Porn: 0.7,
  Hentai: 0.7,
  Sexy: 0.85,
};
/** Which photo a review is about: a profile photo or an auction's cover. */
export const PHOTO_REVIEW_KINDS = ['profile_photo', 'auction_cover'] as const;
export type PhotoReviewKind = (typeof PHOTO_REVIEW_KINDS)[number];
/** How the owner's notice names the photo. */
export const PHOTO_REVIEW_KIND_NAMES: Record<PhotoReviewKind, string> = {
  profile_photo: 'profile photo',
  auction_cover: 'auction cover photo',
};

/**
 * `text` cut into pieces, each marked when it is one of the excerpts: the queue highlights the
 * matched words with it. Every occurrence of an excerpt is marked, case-insensitively.
 */
export function highlightExcerpts(
  text: string,
  excerpts: readonly string[],
): Array<{ text: string; isMatch: boolean }> {
  const marks: Array<[number, number]> = [];
  const lower = text.toLowerCase();
  for (const excerpt of excerpts) {
    const needle = excerpt.toLowerCase();
    if (needle === '') continue;
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
      marks.push([at, at + needle.length]);
    }
  }
  marks.sort((a, b) => a[0] - b[0]);
  const pieces: Array<{ text: string; isMatch: boolean }> = [];
  let cursor = 0;
  for (const [start, end] of marks) {
    if (end <= cursor) continue;
    const from = Math.max(start, cursor);
    if (from > cursor) pieces.push({ text: text.slice(cursor, from), isMatch: false });
    pieces.push({ text: text.slice(from, end), isMatch: true });
    cursor = end;
  }
  if (cursor < text.length) pieces.push({ text: text.slice(cursor), isMatch: false });
  return pieces;
}
