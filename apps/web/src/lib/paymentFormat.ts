import { type PaymentKind, type PaymentMethod, parseMoneyToCents } from '@bid/contract';

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, ' ');

export function cardBrandLabel(brand: string): string {
  return CARD_BRANDS[brand.toLowerCase()] ?? (brand && brand !== 'unknown' ? capitalise(brand) : 'Card');
}

/** 'Visa •••• 4242', 'Chase Checking •••• 6789': how a saved method is named in lists, dialogs and toasts. */
export function paymentMethodLabel(method: PaymentMethod): string {
  if (method.type === 'card' && method.card) {
    return `${cardBrandLabel(method.card.brand)} •••• ${method.card.last4}`;
  }
  const bank = method.us_bank_account;
  const name = [bank?.bank_name, bank?.account_type ? capitalise(bank.account_type) : null].filter(Boolean).join(' ');
  const label = name || 'Bank account';
  return bank?.last4 ? `${label} •••• ${bank.last4}` : label;
}

/** 'Expires 04/27' for a card; null for a bank account. */
export function cardExpiryLabel(method: PaymentMethod): string | null {
  if (!method.card) return null;
  const month = String(method.card.exp_month).padStart(2, '0');
  const year = String(method.card.exp_year % 100).padStart(2, '0');
  return `Expires ${month}/${year}`;
}

/** '$1,234.50': receipts show cents (the fee often has some), unlike the whole dollars of bids (docs/product.md §9). */
export function formatDollarsAndCents(value: string): string {
  return formatCents(parseMoneyToCents(value) ?? 0);
}

/** '$45.90': what the host keeps of a winning amount once the fee is taken. */
export function formatAmountLessFee(amount: string, fee: string): string {
  return formatCents(Math.max((parseMoneyToCents(amount) ?? 0) - (parseMoneyToCents(fee) ?? 0), 0));
}

/** Whether a money string holds more than $0.00 (a balance worth mentioning). */
export function isPositiveAmount(value: string): boolean {
  return (parseMoneyToCents(value) ?? 0) > 0;
}

function formatCents(cents: number): string {
  return `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
}

export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  charge: 'Charge',
  earning: 'Earning',
  release: 'Release',
  payout: 'Payout',
  refund: 'Refund',
};

/** Status words a member reads; they depend on the kind (a succeeded charge was paid, a succeeded earning paid out). */
const STATUS_LABELS: Record<PaymentKind, Record<string, string>> = {
  charge: {
    offered: 'Second chance offer',
    succeeded: 'Paid',
    failed: 'Payment failed',
    expired: 'Expired',
    refunded: 'Refunded',
  },
  earning: {
    held: 'Held until the date',
    succeeded: 'Paid out',
    failed: 'Winner payment failed',
    expired: 'Cancelled',
  },
  release: { released: 'Released' },
  // Payouts and refunds retry by themselves (docs/the-date.md), so a failure says so.
  payout: {
    awaiting_account: 'Waiting for your payout account',
    pending: 'On its way',
    processing: 'On its way',
    paid: 'Paid',
    failed: 'Failed, retrying',
  },
  refund: {
    pending: 'Refund started',
    processing: 'Refund started',
    succeeded: 'Refunded',
    failed: 'Refund failed, retrying',
  },
};

export function paymentStatusLabel(kind: PaymentKind, status: string): string {
  return STATUS_LABELS[kind]?.[status] ?? capitalise(status);
}

/** 'Mar 4, 2026' */
export function formatPaymentDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'Mar 4, 2026, 3:05 PM': deadlines need the hour. */
export function formatDeadline(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
