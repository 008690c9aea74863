import { isLuhnValid, type SandboxConfirmSetupInput, sandboxConfirmSetupSchema } from '@bid/contract';

/** What the member types: the expiry is one 'MM / YY' box, as on Stripe's own card field. */
export interface SandboxCardValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type SandboxCardField = keyof SandboxCardValues;
export type SandboxCardErrors = Partial<Record<SandboxCardField, string>>;

/** Stripe's test cards (https://docs.stripe.com/testing), which the offline sandbox imitates. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 0341', outcome: 'saves, but is declined when charged' },
  { number: '4000 0025 0000 3155', outcome: 'needs authentication' },
] as const;

/** '4242424242424242' → '4242 4242 4242 4242' (at most 19 digits). */
export function formatCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' → '12 / 34' (the separator appears with the third digit, so deleting back over it works). */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function formatCvc(text: string): string {
  return text.replace(/\D/g, '').slice(0, 4);
}

const SCHEMA_FIELD: Record<string, SandboxCardField> = {
  cardNumber: 'cardNumber',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
};

/**
 * Checks the typed card with the contract's schema (the server's rule, Stripe's messages), plus
 * what a card field checks before sending: a complete expiry not in the past, a valid checksum.
 */
export function validateSandboxCard(
  values: SandboxCardValues,
  clientSecret: string,
  now: Date = new Date(),
): { input: SandboxConfirmSetupInput; errors?: undefined } | { input?: undefined; errors: SandboxCardErrors } {
  const errors: SandboxCardErrors = {};
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(values.expiry.trim());
  const input: SandboxConfirmSetupInput = {
    clientSecret,
    cardNumber: values.cardNumber,
    expMonth: expiry ? Number(expiry[1]) : Number.NaN,
    expYear: expiry ? 2000 + Number(expiry[2]) : Number.NaN,
    cvc: values.cvc.trim(),
  };
  const result = sandboxConfirmSetupSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = SCHEMA_FIELD[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!expiry) {
    errors.expiry = "Your card's expiration date is incomplete.";
  } else if (!errors.expiry) {
    const month = Number(expiry[1]);
    const year = 2000 + Number(expiry[2]);
    // A card is good through the last day of its expiry month.
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
      errors.expiry = "Your card's expiration date is in the past.";
    }
  }
  const digits = values.cardNumber.replace(/[\s-]/g, '');
  if (!errors.cardNumber && !isLuhnValid(digits)) errors.cardNumber = 'Your card number is invalid.';
  if (Object.keys(errors).length > 0 || !result.success) return { errors };
  return { input: { ...input, cardNumber: result.data.cardNumber } };
}
