import type { PaymentRecord } from '@bid/contract';
import type { PaymentRow } from './charges.repository.js';

/**
 * A row of GET /api/payments. The deadline is shown only while it matters: a failed charge's
 * fix window, or an open second chance offer's time to accept.
 */
export function presentPayment(row: PaymentRow): PaymentRecord {
  const hasDeadline = row.kind === 'charge' && (row.status === 'failed' || row.status === 'offered');
  return {
    id: row.id,
    auctionId: row.auctionId,
    auctionTitle: row.auctionTitle,
    kind: row.kind,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    failureMessage: row.kind === 'charge' && row.status === 'failed' ? row.failureMessage : null,
    payBy: hasDeadline && row.payBy ? row.payBy.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
