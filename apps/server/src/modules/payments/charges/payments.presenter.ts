import type { PaymentRecord } from '@bid/contract';
import type { PaymentRow } from './charges.repository.js';

/** A row of GET /api/payments. The fix deadline is shown only while the charge can still be fixed. */
export function presentPayment(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    auctionId: row.auctionId,
    auctionTitle: row.auctionTitle,
    kind: row.kind,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    failureMessage: row.kind === 'charge' && row.status === 'failed' ? row.failureMessage : null,
    payBy: row.kind === 'charge' && row.status === 'failed' && row.payBy ? row.payBy.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
