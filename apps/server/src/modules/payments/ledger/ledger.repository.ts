import { centsToMoneyString } from '@bid/contract';
import type { Db } from '../../../db/client.js';
import { ledgerEntries, ledgerTransactions } from '../../../db/schema/index.js';

/**
 * The ledger's accounts (docs/charging-and-ledger.md). Amounts are signed: a debit is
 * positive, a credit negative, and every transaction's legs sum to zero.
 * - provider_cash: money held for us at the payment provider (an asset).
 * - platform_fees: our 10% service fee (revenue).
 * - host_escrow: a host's share of a paid date, held until the date happens (user_id = host).
 * - host_payable: a host's share released after the date, owed until it is paid out.
 * - customer_refunds: refunds granted to a payer and not yet settled by the provider.
 */
export const LEDGER_ACCOUNTS = [
  'provider_cash',
  'platform_fees',
  'host_escrow',
  'host_payable',
  'customer_refunds',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const LEDGER_TRANSACTION_KINDS = ['charge', 'release', 'refund', 'payout'] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export interface LedgerEntryInput {
  account: LedgerAccount;
  /** The member the leg belongs to (the host for host_* accounts), else null. */
  userId: string | null;
  /** Signed integer cents: debit positive, credit negative, never zero. */
  amountCents: number;
}

export interface LedgerTransactionInput {
  kind: LedgerTransactionKind;
  chargeId: string | null;
  description: string;
  entries: LedgerEntryInput[];
}

/** "-45.90" for -4590: the numeric column's form of signed cents. */
export function signedCentsToDecimal(cents: number): string {
  return cents < 0 ? `-${centsToMoneyString(-cents)}` : centsToMoneyString(cents);
}

/** Throws unless the legs form a valid double-entry transaction (the commit-time trigger checks again). */
export function assertBalanced(entries: readonly LedgerEntryInput[]): void {
  if (entries.length < 2) throw new Error('A ledger transaction needs at least two entries');
  let sum = 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents === 0) {
      throw new Error(`Ledger entry amounts are non-zero integer cents, got ${entry.amountCents}`);
    }
    if (!LEDGER_ACCOUNTS.includes(entry.account)) throw new Error(`Unknown ledger account ${entry.account}`);
    sum += entry.amountCents;
  }
  if (sum !== 0) throw new Error(`Ledger transaction is unbalanced by ${sum} cents`);
}

/**
 * Books one movement of money. Pass the transaction that makes the change the booking
 * describes (a charge succeeding, a refund, a payout), so both commit or neither does.
 */
export async function recordLedgerTransaction(tx: Db, input: LedgerTransactionInput): Promise<string> {
  assertBalanced(input.entries);
  const [transaction] = await tx
    .insert(ledgerTransactions)
    .values({ kind: input.kind, chargeId: input.chargeId, description: input.description })
    .returning({ id: ledgerTransactions.id });
  await tx.insert(ledgerEntries).values(
    input.entries.map((entry) => ({
      transactionId: transaction!.id,
      account: entry.account,
      userId: entry.userId,
      amount: signedCentsToDecimal(entry.amountCents),
    })),
  );
  return transaction!.id;
}
