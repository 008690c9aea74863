import type { LedgerEntryInput } from './ledger.repository.js';

/**
 * The legs of a winner's successful payment: the provider holds the whole amount for us
 * (debit), of which the fee is ours (credit) and the rest is the host's, held in escrow
 * until the date happens (credit). A leg of zero (a fee that rounds to nothing) is left out.
 */
export function chargeBooking(input: { amountCents: number; feeCents: number; hostId: string }): LedgerEntryInput[] {
  const { amountCents, feeCents, hostId } = input;
  const entries: LedgerEntryInput[] = [
    { account: 'provider_cash', userId: null, amountCents },
    { account: 'platform_fees', userId: null, amountCents: -feeCents },
    { account: 'host_escrow', userId: hostId, amountCents: -(amountCents - feeCents) },
  ];
  return entries.filter((entry) => entry.amountCents !== 0);
}

/**
 * The legs of a date's release (docs/the-date.md): the host's held share leaves escrow, split
 * into what the host is now owed (host_payable) and what goes back to the payer
 * (customer_refunds); a fee the settlement does not keep (a host no-show, a moderator's full
 * refund) leaves our fees for the payer too.
 */
export function releaseBooking(input: {
  hostId: string;
  payerId: string;
  chargedFeeCents: number;
  heldShareCents: number;
  keptFeeCents: number;
  hostShareCents: number;
  refundCents: number;
}): LedgerEntryInput[] {
  const { hostId, payerId } = input;
  const entries: LedgerEntryInput[] = [
    { account: 'host_escrow', userId: hostId, amountCents: input.heldShareCents },
    { account: 'platform_fees', userId: null, amountCents: input.chargedFeeCents - input.keptFeeCents },
    { account: 'host_payable', userId: hostId, amountCents: -input.hostShareCents },
    { account: 'customer_refunds', userId: payerId, amountCents: -input.refundCents },
  ];
  return entries.filter((entry) => entry.amountCents !== 0);
}

/** A refund the provider accepted: the money owed to the payer leaves our provider balance. */
export function refundPaidBooking(input: { payerId: string; amountCents: number }): LedgerEntryInput[] {
  return [
    { account: 'customer_refunds', userId: input.payerId, amountCents: input.amountCents },
    { account: 'provider_cash', userId: null, amountCents: -input.amountCents },
  ];
}

/** A payout the provider made: what we owed the host leaves our provider balance. */
export function payoutBooking(input: { hostId: string; amountCents: number }): LedgerEntryInput[] {
  return [
    { account: 'host_payable', userId: input.hostId, amountCents: input.amountCents },
    { account: 'provider_cash', userId: null, amountCents: -input.amountCents },
  ];
}
