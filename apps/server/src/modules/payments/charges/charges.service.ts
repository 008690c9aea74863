import type { Db } from '../../../db/client.js';
import { insertChargesForWins, listPaymentRows, type PaymentRow, type WinToCharge } from './charges.repository.js';

// What other modules ask of the charges: they reach the charges table through these, never through
// charges.repository.ts (docs/architecture.md, "Folders of the server"). The use cases of
// src/use-cases/payments/ take the repository directly.

/**
 * Creates the pending charge of each win in the caller's transaction, the one that decided the
 * wins (closing, Buy Now), so a closed-and-won auction always has its charge; never two
 * (docs/charging-and-ledger.md).
 */
export function createChargesForWins(tx: Db, wins: readonly WinToCharge[], at: Date): Promise<void> {
  return insertChargesForWins(tx, wins, at);
}

/** A member's payment rows, newest first, up to `limit` (the account export asks for them all). */
export function listPaymentsOf(db: Db, userId: string, limit: number): Promise<PaymentRow[]> {
  return listPaymentRows(db, userId, limit);
}
