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
