import { isLuhnValid } from '@bid/contract';

/**
 * The offline sandbox's card rules (docs/payments.md, "The sandbox's test cards"): pure, so the
 * Luhn check, the brand and the behaviour of each of Stripe's documented test numbers
 * (https://docs.stripe.com/testing) can be tested without a database.
 */

/** How a saved card behaves when it is charged off-session. */
export const CHARGE_BEHAVIORS = ['succeeds', 'declines', 'requires_authentication'] as const;
export type ChargeBehavior = (typeof CHARGE_BEHAVIORS)[number];

/** A refusal in Stripe's terms: `code` is Stripe's error code, `message` its text for the payer. */
export interface CardError {
  code: string;
  message: string;
}

export type CardVerdict =
  | {
      outcome: 'save';
      /** 3-D Secure must be completed before the card is attached (Stripe's requires_action). */
      needsAuthentication: boolean;
      chargeBehavior: ChargeBehavior;
    }
  | ({ outcome: 'decline' } & CardError);

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  invalidNumber: 'Your card number is invalid.',
  invalidExpiryYear: "Your card's expiration year is invalid.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  nonTestCard:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
} as const;

const declined = (code: string, message: string): CardVerdict => ({ outcome: 'decline', code, message });
const saves = (chargeBehavior: ChargeBehavior = 'succeeds', needsAuthentication = false): CardVerdict => ({
  outcome: 'save',
  needsAuthentication,
  chargeBehavior,
});

/** Stripe's test numbers and what each does when saved (and later charged). */
export const TEST_CARDS: ReadonlyMap<string, CardVerdict> = new Map([
  // Succeed, by brand.
  ['4242424242424242', saves()],
  ['4000056655665556', saves()],
  ['5555555555554444', saves()],
  ['2223003122003222', saves()],
  ['5200828282828210', saves()],
  ['5105105105105100', saves()],
  ['378282246310005', saves()],
  ['371449635398431', saves()],
  ['6011111111111117', saves()],
  ['6011000990139424', saves()],
  ['6011981111111113', saves()],
  ['3056930009020004', saves()],
  ['36227206271667', saves()],
  ['3566002020360505', saves()],
  ['6200000000000005', saves()],
  // Declined when saved.
  ['4000000000000002', declined('card_declined', CARD_MESSAGES.declined)],
  ['4000000000009995', declined('card_declined', CARD_MESSAGES.insufficientFunds)],
  ['4000000000009987', declined('card_declined', CARD_MESSAGES.declined)],
  ['4000000000009979', declined('card_declined', CARD_MESSAGES.declined)],
  ['4000000000000069', declined('expired_card', CARD_MESSAGES.expired)],
  ['4000000000000127', declined('incorrect_cvc', CARD_MESSAGES.incorrectCvc)],
  ['4000000000000119', declined('processing_error', CARD_MESSAGES.processingError)],
  // Saved, but every charge is declined.
  ['4000000000000341', saves('declines')],
  // Saving needs 3-D Secure; once authenticated, off-session charges succeed.
  ['4000002500003155', saves('succeeds', true)],
  // Saving needs 3-D Secure, and every off-session charge asks for it again (so fails).
  ['4000002760003184', saves('requires_authentication', true)],
]);

/** The card network by its number's prefix, in Stripe's brand names. */
export function detectCardBrand(digits: string): string {
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || two === 65 || (three >= 644 && three <= 649)) return 'discover';
  if (two === 36 || two === 38 || two === 39 || (three >= 300 && three <= 305)) return 'diners';
  if (four >= 3528 && four <= 3589) return 'jcb';
  if (two === 62) return 'unionpay';
  return 'unknown';
}

/** Refuses an expiry in the past, with Stripe's wording for the field that is wrong. */
export function checkExpiry(expMonth: number, expYear: number, now: Date): CardError | null {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (expYear < year) return { code: 'invalid_expiry_year', message: CARD_MESSAGES.invalidExpiryYear };
  if (expYear === year && expMonth < month) {
    return { code: 'invalid_expiry_month', message: CARD_MESSAGES.invalidExpiryMonth };
  }
  return null;
}

/**
 * What Stripe's test mode does when this card is saved: the checks run in Stripe's order
 * (number, expiry, then the issuer's answer). A Luhn-valid number Stripe does not document is
 * a real card, which test mode declines.
 */
export function judgeSandboxCard(card: { number: string; expMonth: number; expYear: number }, now: Date): CardVerdict {
  if (!isLuhnValid(card.number)) return declined('incorrect_number', CARD_MESSAGES.invalidNumber);
  const expiryError = checkExpiry(card.expMonth, card.expYear, now);
  if (expiryError) return declined(expiryError.code, expiryError.message);
  return TEST_CARDS.get(card.number) ?? declined('card_declined', CARD_MESSAGES.nonTestCard);
}

/** The decline a charge of a card with this behaviour gets, or null when it succeeds. */
export function chargeDeclineOf(behavior: string): CardError | null {
  if (behavior === 'succeeds') return null;
  if (behavior === 'requires_authentication') {
    return { code: 'authentication_required', message: CARD_MESSAGES.authenticationRequired };
  }
  return { code: 'card_declined', message: CARD_MESSAGES.declined };
}
