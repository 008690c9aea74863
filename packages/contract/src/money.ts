/**
 * Money travels as decimal strings ("12.50") and is compared as integer cents, never as
 * floats (docs/engineering.md §5). Columns are numeric(10,2), so at most 8 digits before the point.
 */
const MONEY_PATTERN = /^(\d{1,8})(?:\.(\d{1,2}))?$/;
export const MAX_MONEY_CENTS = 99_999_999_99;

/** Cents for a well-formed amount ("12", "12.5", "12.50"), or undefined. */
export function parseMoneyToCents(value: string | number): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = MONEY_PATTERN.exec(text);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** "12.50" — the database's and the API's form. */
export function centsToMoneyString(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  return `${whole}.${String(fraction).padStart(2, '0')}`;
}

/** "51" for whole dollars, "51.50" otherwise: the form used inside messages. */
export function formatAmountPlain(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : centsToMoneyString(cents);
}

/**
 * A whole number with en-US thousands separators ("12,500"), as `toLocaleString('en-US')` writes
 * it, without Intl: the first Intl number format a page builds loads the locale's data, a cost
 * browse paid inside the render of its first auction cards (docs/performance.md, item 17).
 */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * "$1,000" for whole dollars, "$389.88" when the amount has cents: every amount in a mail or a push
 * (docs/notifications.md), where a dropped "88" beside "at least $390.88" reads as a wrong sum.
 */
export function formatDollars(value: string | number): string {
  const cents = typeof value === 'number' ? Math.round(value * 100) : (parseMoneyToCents(value) ?? 0);
  const whole = `$${groupThousands(Math.floor(cents / 100))}`;
  return cents % 100 === 0 ? whole : `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** docs/product.md §9: amounts are shown as whole dollars ("$51"). */
export function formatWholeDollars(value: string | number): string {
  const cents = typeof value === 'number' ? Math.round(value * 100) : (parseMoneyToCents(value) ?? 0);
  return `$${groupThousands(Math.floor(cents / 100))}`;
}
