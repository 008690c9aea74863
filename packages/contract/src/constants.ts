/**
 * Business constants of docs/product.md §9, shared by the server and the web app so that
 * a rule and the message that explains it can never drift apart.
 */
export const OTP_LENGTH = 6;
export const MIN_AGE = 18;
export const MAX_AGE = 100;
export const BIO_MAX = 500;
export const PAYMENT_NOTES_MAX = 500;
export const TITLE_MAX = 255;
export const RADIUS_MIN_MILES = 1;
export const RADIUS_MAX_MILES = 500;
export const RADIUS_DEFAULT_MILES = 25;
export const STARTING_BID_MIN = 1;
export const STARTING_BID_DEFAULT = 20;
export const MIN_BID_INCREMENT = 1;
export const QUICK_BID_STEPS = [5, 10, 25] as const;
export const DURATION_MIN_MINUTES = 15;
export const DURATION_MAX_MINUTES = 10_080;
export const DURATION_STEP_MINUTES = 15;
export const DURATION_FORM_DEFAULT_MINUTES = 60;
export const DEFAULT_END_TIME = '23:59';
export const SERVICE_FEE_RATE = 0.1;
export const CARD_PROGRESS_FULL_AT_BIDS = 20;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_DROPDOWN_LIMIT = 3;
export const POLL_INTERVAL_MS = 30_000;
export const COUNTDOWN_REFRESH_MS = 60_000;
export const REALTIME_RECONNECT_MS = 3_000;
/**
 * The close code (RFC 6455 "Service Restart") of a socket whose instance is restarting
 * gracefully: the client reconnects at once, not after REALTIME_RECONNECT_MS (docs/deploy.md).
 */
export const REALTIME_CLOSE_SERVICE_RESTART = 1012;
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const NOTIFICATION_BADGE_MAX = 9;
export const NOTIFICATION_LIST_MAX_HEIGHT_PX = 320;
export const RECENT_BIDS_ON_DETAIL = 5;
export const SEARCH_CARD_INTERESTS = 3;
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const COPYRIGHT_YEAR = 2025;
/**
 * The footer's years: from COPYRIGHT_YEAR (the spec's 2025) to the current year, so the footer
 * never names a year long gone ("2025–2026"), and just "2025" while it is 2025.
 */
export function copyrightYears(now: Date): string {
  const year = now.getFullYear();
  return year > COPYRIGHT_YEAR ? `${COPYRIGHT_YEAR}–${year}` : String(COPYRIGHT_YEAR);
}
export const PRIVACY_EFFECTIVE_DATE = 'September 22, 2025';

export const DATE_TYPES = ['coffee', 'dinner', 'activity'] as const;
/** `virtual` exists in the data model (docs/product.md §3) but is not offered by the create form. */
export const ALL_DATE_TYPES = ['coffee', 'dinner', 'activity', 'virtual'] as const;
export type DateType = (typeof ALL_DATE_TYPES)[number];

export const PAYMENT_RESPONSIBILITIES = ['50_50', 'winner_pays', 'creator_pays'] as const;
export type PaymentResponsibility = (typeof PAYMENT_RESPONSIBILITIES)[number];
export const PAYMENT_RESPONSIBILITY_LABELS: Record<PaymentResponsibility, string> = {
  '50_50': 'Split 50/50',
  winner_pays: 'Date pays',
  creator_pays: 'Host pays',
};

export const SEXES = ['male', 'female', 'other'] as const;
export type Sex = (typeof SEXES)[number];

export const NOTIFICATION_TYPES = [
  'bid_received',
  'outbid',
  'auction_won',
  'auction_lost',
  'message_received',
  'auction_ending_soon',
  // Beyond docs/product.md §3's list (which allows other types with a default icon): the host hears
  // when their auction ends, and bidders hear when an auction they bid on changes or is cancelled.
  'auction_ended',
  'auction_updated',
  'auction_cancelled',
  // Issue 6: the winner hears whether their card was charged (docs/payments.md).
  'payment_succeeded',
  'payment_failed',
  // Issue 8 (docs/trust-and-safety.md): verification results, moderation outcomes for the
  // reporter and the reported member, and the warning before an inactive account is deleted.
  'identity_verification',
  'report_resolved',
  'moderation_action',
  'account_inactive',
  // Issue 9 (docs/the-date.md): plans proposed and agreed, the reminder, Date Mode, refunds and payouts.
  'date_plan',
  'date_reminder',
  'date_mode',
  'refund',
  'payout',
  // Issue 35 (docs/the-date.md "Feedback after the date"): the request after a date and its reminder.
  'feedback_request',
  // Issue 40 (docs/auctions.md "Saved searches"): a new auction matches a member's saved search.
  'saved_search_match',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const AUDIT_ACTIONS = [
  'upload',
  'download',
  'verify',
  'delete',
  'access_granted',
  'access_denied',
  'login',
  'logout',
  'verification_start',
  'verification_complete',
  'document_secured',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
export const COMPLIANCE_LEVELS = ['ial1', 'ial2', 'ial3'] as const;
export type ComplianceLevel = (typeof COMPLIANCE_LEVELS)[number];

export const SIGN_IN_PROVIDERS = ['google', 'replit', 'apple', 'twitter'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];
