import type { Db } from '../../../db/client.js';
import { recordLedgerTransaction, type LedgerTransactionInput } from './ledger.repository.js';

/**
 * Books one movement of money (legs from ledger.bookings.ts) in the caller's transaction, the one
 * that makes the change it describes (a release, a refund, a payout), so both commit or neither
 * does (docs/charging-and-ledger.md). Other modules book through this, never through
 * ledger.repository.ts (docs/architecture.md, "Folders of the server").
 */
export function bookLedgerTransaction(tx: Db, input: LedgerTransactionInput): Promise<string> {
  return recordLedgerTransaction(tx, input);
}
