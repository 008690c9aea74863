import { z } from 'zod';
import { INACTIVE_ACCOUNT_MONTHS, INACTIVITY_WARNING_DAYS } from './trust.js';

/**
 * Rights requests (issue 8, docs/trust-and-safety.md "Data export", "Deleting an account"):
 * the member downloads what we hold about them (GET /api/account/export) or deletes their
 * account (DELETE /api/account), and inactive accounts are warned, then deleted.
 */

/** What the member types to confirm that their account is to be deleted. */
export const ACCOUNT_DELETE_CONFIRMATION = 'DELETE';

export const ACCOUNT_DELETE_CONFIRMATION_REQUIRED = `Type ${ACCOUNT_DELETE_CONFIRMATION} to confirm that your account is to be deleted.`;

export const deleteAccountSchema = z.object(
  {
    confirm: z.literal(ACCOUNT_DELETE_CONFIRMATION, { error: ACCOUNT_DELETE_CONFIRMATION_REQUIRED }),
  },
  { error: ACCOUNT_DELETE_CONFIRMATION_REQUIRED },
);
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
/** The answer to DELETE /api/account (ACCOUNT_DELETED_MESSAGE). */
export const accountDeletedSchema = z.object({ message: z.string() });

/** 409 while money is still moving for the member (a charge to collect or fix, an offer to answer). */
export const ACCOUNT_DELETE_PAYMENT_IN_PROGRESS =
  'Your account cannot be deleted while a payment is in progress. Settle or let the payment window close, then try again.';

export const ACCOUNT_DELETED_TITLE = 'Account deleted';
export const ACCOUNT_DELETED_MESSAGE = 'Your account and your personal data have been deleted.';

/** The 'account_inactive' notification (and e-mail) sent INACTIVITY_WARNING_DAYS before deletion. */
export const ACCOUNT_INACTIVE_TITLE = 'Your account will be deleted';
export const ACCOUNT_INACTIVE_MESSAGE = `You have not signed in for ${
  INACTIVE_ACCOUNT_MONTHS - 1
} months. Inactive accounts are deleted after ${INACTIVE_ACCOUNT_MONTHS} months: sign in within ${INACTIVITY_WARNING_DAYS} days to keep yours.`;

/** Sending a message to someone who deleted their account. */
export const RECIPIENT_DELETED_MESSAGE = 'This member has deleted their account and can no longer receive messages.';

/** The export's file name (Content-Disposition). */
export const ACCOUNT_EXPORT_FILE_NAME = 'bidyourdate-my-data.json';
