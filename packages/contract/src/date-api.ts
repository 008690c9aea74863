import { z } from 'zod';
import { moneyString } from './auction-schemas.js';
import { plainText } from './text.js';
import { HOST_NO_SHOW_GRACE_MINUTES } from './the-date.js';

/**
 * The date itself, as the API shows it (issue 9, docs/the-date.md): the plan the winner and the
 * host agree in their chat, Date Mode, the settlement of the money, refund requests and host
 * payouts. The settlement rule itself is in the-date.ts.
 */

/** Both people are reminded of an agreed plan this long before it starts. */
export const DATE_REMINDER_MINUTES = 120;
/** Date Mode can be started from this long before the agreed start. */
export const DATE_MODE_OPENS_MINUTES_BEFORE = 120;
/** "I've arrived" counts from this long before the agreed start, never earlier (docs/the-date.md). */
export const ARRIVAL_CHECK_IN_OPENS_MINUTES_BEFORE = 15;
/** A date nobody ended is ended by the server this long after the agreed start. */
export const DATE_AUTO_END_HOURS = 12;
/** A plan is for a time within this many days. */
export const PLAN_MAX_DAYS_AHEAD = 90;
/** A share-my-date link works until the date ends (plus this grace), and never past the agreed end plus DATE_AUTO_END_HOURS. */
export const SHARE_LINK_GRACE_MINUTES = 60;
/** The choices for the "I'm safe" prompt's interval, in minutes. */
export const SAFE_CHECK_IN_INTERVALS = [15, 30, 60, 90] as const;
/** The product operates in US dollars in the United States: the emergency panel's number. */
export const EMERGENCY_NUMBER = '911';
/** A host whose released share waits for a payout account is reminded this often. */
export const PAYOUT_REMINDER_DAYS = 7;

export const PLACE_MIN_LENGTH = 3;
export const PLACE_MAX_LENGTH = 200;
export const REFUND_REASON_MIN_LENGTH = 10;
export const REFUND_REASON_MAX_LENGTH = 1000;

/** Errors of the date routes, word for word (docs/the-date.md). */
export const DATE_MESSAGES = {
  notFound: 'Date not found',
  notPaid: "The date can be planned once the winner's payment has gone through.",
  readOnly: 'Only the winner and the host can change this date.',
  placeTooShort: `Name a public place (at least ${PLACE_MIN_LENGTH} characters).`,
  placeTooLong: `The place can be at most ${PLACE_MAX_LENGTH} characters.`,
  startsAtInvalid: 'Pick a date and time.',
  startsAtPast: 'Pick a time in the future.',
  startsAtTooFar: `Pick a time within the next ${PLAN_MAX_DAYS_AHEAD} days.`,
  noProposal: 'There is no proposal to accept.',
  ownProposal: 'The other person accepts your proposal, or proposes another.',
  planLocked: 'The plan cannot change once Date Mode has started.',
  noPlan: 'Agree a time and place first.',
  tooEarly: `Date Mode opens ${DATE_MODE_OPENS_MINUTES_BEFORE / 60} hours before the date.`,
  notStarted: 'Start Date Mode first.',
  ended: 'This date has ended.',
  endBeforeHost:
    'The date can end once the host has checked in. If the host has not checked in 30 minutes after the start, the winner is refunded automatically.',
  arrivalTooEarly: `You can check in as arrived from ${ARRIVAL_CHECK_IN_OPENS_MINUTES_BEFORE} minutes before the start.`,
  endTooEarly: `The date can end from ${HOST_NO_SHOW_GRACE_MINUTES} minutes after the agreed start.`,
  settled: 'This date is settled.',
  checkInKind: 'Check in as "arrived" or "safe".',
  reasonTooShort: `Tell us what went wrong (at least ${REFUND_REASON_MIN_LENGTH} characters).`,
  reasonTooLong: `Keep the reason under ${REFUND_REASON_MAX_LENGTH} characters.`,
  winnerOnlyRefund: 'Only the winner can request a refund.',
  refundOpen: 'Your refund request is already with our moderators.',
  refundDecided: 'Your refund request has been decided.',
  refundTooLate: "The host's share has been released; a refund can no longer be requested.",
  shareLinkExpired: 'This link has expired.',
  releaseWinnerOnly: 'Only the winner can release the payment early.',
  releaseNotEnded: 'The payment can be released once the date has ended.',
  releaseDisputed: 'A refund request is open for this date.',
} as const;

/** Notification titles of the date (docs/the-date.md). */
export const DATE_NOTIFICATION_TITLES = {
  proposed: 'New date plan proposed',
  agreed: 'Date plan agreed',
  reminder: 'Your date is coming up',
  started: 'Date Mode started',
  ended: 'Date ended',
  noShow: 'The host did not check in',
  refundRequested: 'Refund requested',
  refundDecided: 'Refund request decided',
  refundSent: 'Refund on its way',
  released: 'Payment released',
  paidOut: 'Payout sent',
  payoutWaiting: 'Connect a payout account',
} as const;

const startsAtSchema = z.iso.datetime({ offset: true, error: DATE_MESSAGES.startsAtInvalid });

/** POST /api/auctions/{id}/plan: propose a public place and a time. */
export const proposePlanSchema = z.object({
  place: plainText(
    z
      .string({ error: DATE_MESSAGES.placeTooShort })
      .trim()
      .min(PLACE_MIN_LENGTH, DATE_MESSAGES.placeTooShort)
      .max(PLACE_MAX_LENGTH, DATE_MESSAGES.placeTooLong),
    'Place',
  ),
  startsAt: startsAtSchema,
});
export type ProposePlanInput = z.input<typeof proposePlanSchema>;

/** Where the proposed start stands against now; undefined when it is fine. */
export function planTimeProblem(startsAt: Date, now: Date): string | undefined {
  if (Number.isNaN(startsAt.getTime())) return DATE_MESSAGES.startsAtInvalid;
  if (startsAt.getTime() <= now.getTime()) return DATE_MESSAGES.startsAtPast;
  if (startsAt.getTime() > now.getTime() + PLAN_MAX_DAYS_AHEAD * 86_400_000) return DATE_MESSAGES.startsAtTooFar;
  return undefined;
}

export const CHECK_IN_KINDS = ['arrived', 'safe'] as const;
export type CheckInKind = (typeof CHECK_IN_KINDS)[number];
export const checkInSchema = z.object({ kind: z.enum(CHECK_IN_KINDS, { error: DATE_MESSAGES.checkInKind }) });

export const refundRequestSchema = z.object({
  reason: plainText(
    z
      .string({ error: DATE_MESSAGES.reasonTooShort })
      .trim()
      .min(REFUND_REASON_MIN_LENGTH, DATE_MESSAGES.reasonTooShort)
      .max(REFUND_REASON_MAX_LENGTH, DATE_MESSAGES.reasonTooLong),
    'Reason',
  ),
});

/** A moderator's decision on a refund request: everything back, part of the host's share, or nothing. */
export const REFUND_DECISIONS = ['full', 'partial', 'deny'] as const;
export type RefundDecision = (typeof REFUND_DECISIONS)[number];
export const decideRefundSchema = z
  .object({
    decision: z.enum(REFUND_DECISIONS, { error: 'Choose full, partial or deny.' }),
    /** For a partial refund: how much of the host's share goes back to the winner. */
    amount: moneyString('Enter the amount to refund.').optional(),
    note: plainText(z.string().trim().max(500, 'Keep the note under 500 characters.'), 'Note').default(''),
  })
  .refine((value) => value.decision !== 'partial' || value.amount !== undefined, {
    message: 'Enter the amount to refund.',
    path: ['amount'],
  });
export type DecideRefundInput = z.input<typeof decideRefundSchema>;

const personSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  profileImageUrl: z.string().nullable(),
});

/** How a date's money was split: by the rule (the-date.ts), by the winner confirming it went well, or by a moderator. */
export const SETTLEMENT_REASONS = [
  'full_length',
  'shorter_than_agreed',
  'host_no_show',
  'winner_no_show',
  'winner_confirmed',
  'moderator',
] as const;
export const REFUND_REQUEST_STATUSES = ['open', 'granted', 'partial', 'denied'] as const;
export const REFUND_STATUSES = ['pending', 'processing', 'succeeded', 'failed'] as const;
export const PAYOUT_STATUSES = ['awaiting_account', 'pending', 'processing', 'paid', 'failed'] as const;

/**
 * GET /api/auctions/{id}/plan (and every date route's answer): the date as one of its two people
 * (or a moderator, read-only) sees it. Times are ISO strings.
 */
export const dateStateSchema = z.object({
  auctionId: z.string(),
  auctionTitle: z.string(),
  viewerRole: z.enum(['host', 'winner', 'moderator']),
  host: personSchema,
  winner: personSchema,
  /** The agreed length (the auction's expectedDuration), in minutes. */
  expectedDuration: z.number().int(),
  /** The winning bid the winner paid. */
  amount: z.string(),
  /** The open proposal, if any (a new one replaces it). */
  proposal: z
    .object({ place: z.string(), startsAt: z.string(), proposedBy: z.string(), proposedAt: z.string() })
    .nullable(),
  /** The agreed plan, once one is accepted. */
  plan: z.object({ place: z.string(), startsAt: z.string(), agreedAt: z.string() }).nullable(),
  dateMode: z.object({
    /** From when Date Mode can start (the agreed start less DATE_MODE_OPENS_MINUTES_BEFORE). */
    opensAt: z.string().nullable(),
    startedAt: z.string().nullable(),
    hostArrivedAt: z.string().nullable(),
    winnerArrivedAt: z.string().nullable(),
    hostSafeAt: z.string().nullable(),
    winnerSafeAt: z.string().nullable(),
    endedAt: z.string().nullable(),
  }),
  settlement: z
    .object({
      reason: z.enum(SETTLEMENT_REASONS),
      fee: z.string(),
      hostShare: z.string(),
      refund: z.string(),
      minutesTogether: z.number().int().nullable(),
      /** Until when a refund can be requested; the share is released after it. */
      disputeUntil: z.string(),
      releasedAt: z.string().nullable(),
    })
    .nullable(),
  refundRequest: z
    .object({
      id: z.string(),
      reason: z.string(),
      status: z.enum(REFUND_REQUEST_STATUSES),
      amount: z.string().nullable(),
      note: z.string(),
      createdAt: z.string(),
      decidedAt: z.string().nullable(),
    })
    .nullable(),
  refund: z.object({ amount: z.string(), status: z.enum(REFUND_STATUSES), createdAt: z.string() }).nullable(),
  emergencyNumber: z.string(),
});
export type DateState = z.infer<typeof dateStateSchema>;

/** POST /api/auctions/{id}/share-link: a read-only link for a trusted contact. */
export const shareLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ShareLinkResponse = z.infer<typeof shareLinkResponseSchema>;

/** A stored position: the last one the member sent, with the server's time of receiving it. */
export const lastPositionSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number(),
  recordedAt: z.string(),
});
export type LastPosition = z.infer<typeof lastPositionSchema>;

/** GET /api/shared-dates/{token}: what the trusted contact sees, nothing more. */
export const sharedDateSchema = z.object({
  sharedBy: z.object({ firstName: z.string() }),
  /** The person the sharer is meeting. */
  meeting: z.object({ firstName: z.string(), profileImageUrl: z.string().nullable() }),
  place: z.string(),
  startsAt: z.string(),
  expectedDuration: z.number().int(),
  startedAt: z.string().nullable(),
  sharerArrivedAt: z.string().nullable(),
  meetingArrivedAt: z.string().nullable(),
  sharerSafeAt: z.string().nullable(),
  /** The sharer's last known position while they share it in Date Mode; null otherwise (docs/the-date.md). */
  sharerPosition: lastPositionSchema.nullable(),
  endedAt: z.string().nullable(),
  expiresAt: z.string(),
  emergencyNumber: z.string(),
});
export type SharedDate = z.infer<typeof sharedDateSchema>;

/** GET /api/payouts/account: the host's payout account and where their money stands. */
export const payoutAccountSchema = z.object({
  status: z.enum(['none', 'onboarding', 'enabled']),
  provider: z.enum(['stripe', 'sandbox']),
  /** Shares of paid dates not yet released (the date or its dispute window is still ahead). */
  held: z.string(),
  /** Released shares not yet paid out (waiting for a payout account, or on their way). */
  releasedUnpaid: z.string(),
  paidOut: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** POST /api/payouts/account: where the host completes onboarding (Stripe Connect Express, or the sandbox page). */
export const payoutOnboardingSchema = z.object({ url: z.string() });
export type PayoutOnboarding = z.infer<typeof payoutOnboardingSchema>;

/** GET /api/moderation/refund-requests: the open requests, oldest first. */
export const refundRequestQueueItemSchema = z.object({
  id: z.string(),
  auctionId: z.string(),
  auctionTitle: z.string(),
  winner: personSchema,
  host: personSchema,
  reason: z.string(),
  createdAt: z.string(),
  amount: z.string(),
  fee: z.string(),
  plan: z.object({ place: z.string(), startsAt: z.string() }).nullable(),
  hostArrivedAt: z.string().nullable(),
  winnerArrivedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** What the rule would give, once the date has ended. */
  ruleSettlement: z.object({ reason: z.string(), hostShare: z.string(), refund: z.string() }).nullable(),
});
export const refundRequestQueueSchema = z.object({ requests: z.array(refundRequestQueueItemSchema) });
export type RefundRequestQueueItem = z.infer<typeof refundRequestQueueItemSchema>;

/** The sandbox payout onboarding page's errors, word for word. */
export const SANDBOX_PAYOUT_MESSAGES = {
  accountHolderName: "Enter the account holder's name (2 to 100 characters).",
  routingNumber: 'The routing number is 9 digits.',
  accountNumber: 'The account number is 4 to 17 digits.',
  noAccount: 'Start payout setup first.',
} as const;

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** POST /api/payouts/sandbox/complete: the sandbox's stand-in for Stripe's onboarding (sandbox only). */
export const sandboxPayoutOnboardingSchema = z.object({
  accountHolderName: plainText(
    z
      .string({ error: SANDBOX_PAYOUT_MESSAGES.accountHolderName })
      .trim()
      .min(2, SANDBOX_PAYOUT_MESSAGES.accountHolderName)
      .max(100, SANDBOX_PAYOUT_MESSAGES.accountHolderName),
    'Account holder name',
  ),
  routingNumber: z
    .string({ error: SANDBOX_PAYOUT_MESSAGES.routingNumber })
    .transform(digitsOnly)
    .pipe(z.string().regex(/^\d{9}$/, SANDBOX_PAYOUT_MESSAGES.routingNumber)),
  accountNumber: z
    .string({ error: SANDBOX_PAYOUT_MESSAGES.accountNumber })
    .transform(digitsOnly)
    .pipe(z.string().regex(/^\d{4,17}$/, SANDBOX_PAYOUT_MESSAGES.accountNumber)),
});
export type SandboxPayoutOnboardingInput = z.input<typeof sandboxPayoutOnboardingSchema>;
