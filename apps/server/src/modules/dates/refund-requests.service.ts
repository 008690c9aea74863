import {
  centsToMoneyString,
  isCanonicalUuid,
  parseMoneyToCents,
  type RefundDecision,
  type RefundRequestQueueItem,
} from '@bid/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { rowsOf, timestampParam, toDate } from '../../db/sql-helpers.js';
import { notify } from '../notifications/notify.js';
import { pairOf, refundDecidedNotices } from './date.notices.js';
import { ruleSettlementOf } from './date-settlement.js';
import { personOf } from './dates.presenter.js';
import { findDate, findDates, writeSettlement, type DateRecord } from './dates.repository.js';
import { publishDateUpdated, settleMoneyNow, type DateDeps } from './dates.service.js';

/**
 * The moderators' side of refund requests (docs/the-date.md, "Refunds"): the queue of open
 * requests, oldest first, and the decision: everything back (the fee too), part of the host's
 * share, or nothing (the rule's settlement stands).
 */

const QUEUE_LIMIT = 100;
const REQUEST_NOT_FOUND = 'Refund request not found';

function queueItemOf(
  request: { id: string; reason: string; created_at: unknown },
  date: DateRecord,
): RefundRequestQueueItem {
  const rule = date.endedAt || date.settlementReason ? ruleSettlementOf(date, date.endedAt) : null;
  return {
    id: request.id,
    auctionId: date.auctionId,
    auctionTitle: date.auctionTitle,
    winner: personOf(date.winner),
    host: personOf(date.host),
    reason: request.reason,
    createdAt: toDate(request.created_at).toISOString(),
    amount: centsToMoneyString(date.amountCents),
    fee: centsToMoneyString(date.feeCents),
    plan: date.place && date.startsAt ? { place: date.place, startsAt: date.startsAt.toISOString() } : null,
    hostArrivedAt: date.hostArrivedAt?.toISOString() ?? null,
    winnerArrivedAt: date.winnerArrivedAt?.toISOString() ?? null,
    endedAt: date.endedAt?.toISOString() ?? null,
    ruleSettlement: rule
      ? {
          reason: rule.reason,
          hostShare: centsToMoneyString(rule.hostShareCents),
          refund: centsToMoneyString(rule.refundCents),
        }
      : null,
  };
}

/** GET /api/moderation/refund-requests: open requests, oldest first (index refund_requests_open_idx). */
export async function listOpenRefundRequests(db: Db): Promise<{ requests: RefundRequestQueueItem[] }> {
  const requests = rowsOf<{ id: string; auction_id: string; reason: string; created_at: unknown }>(
    await db.execute(sql`
      SELECT id, auction_id, reason, created_at FROM refund_requests
      WHERE status = 'open' ORDER BY created_at, id LIMIT ${QUEUE_LIMIT}`),
  );
  const dates = new Map(
    (
      await findDates(
        db,
        requests.map((r) => r.auction_id),
      )
    ).map((d) => [d.auctionId, d]),
  );
  return {
    requests: requests.flatMap((request) => {
      const date = dates.get(request.auction_id);
      return date ? [queueItemOf(request, date)] : [];
    }),
  };
}

const STATUS_OF: Record<RefundDecision, 'granted' | 'partial' | 'denied'> = {
  full: 'granted',
  partial: 'partial',
  deny: 'denied',
};

/**
 * POST /api/moderation/refund-requests/{id}/decide. A full refund returns the whole payment
 * (the fee too); a partial one returns up to the host's share (the fee is kept); both replace
 * the settlement and release at once. A denial leaves the rule's settlement, released when its
 * window has passed. The request and the date are locked, so two moderators cannot both decide.
 */
export async function decideRefundRequest(
  deps: DateDeps,
  moderatorId: string,
  requestId: string,
  input: { decision: RefundDecision; amount?: string | undefined; note: string },
): Promise<{ requests: RefundRequestQueueItem[] }> {
  if (!isCanonicalUuid(requestId)) throw notFound(REQUEST_NOT_FOUND);
  const now = deps.now();
  const decided = await deps.db.transaction(async (tx) => {
    const [request] = rowsOf<{ auction_id: string; status: string }>(
      await tx.execute(sql`SELECT auction_id, status FROM refund_requests WHERE id = ${requestId}::uuid FOR UPDATE`),
    );
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    if (request.status !== 'open') throw conflict('This refund request has already been decided.');
    const date = await findDate(tx, request.auction_id, true);
    if (!date) throw notFound(REQUEST_NOT_FOUND);
    if (date.releasedAt) throw conflict("This date's money has already been released.");

    const share = date.amountCents - date.feeCents;
    let refundCents = 0;
    if (input.decision !== 'deny') {
      // Full: the whole payment back, the fee too. Partial: part of the host's share; the fee is kept.
      const full = input.decision === 'full';
      refundCents = full ? date.amountCents : (parseMoneyToCents(input.amount ?? '') ?? 0);
      if (!full && (refundCents <= 0 || refundCents > share)) {
        throw badRequest(
          `A partial refund is between $0.01 and $${centsToMoneyString(share)} (the host's share).`,
          'amount',
        );
      }
      await writeSettlement(
        tx,
        date.auctionId,
        {
          reason: 'moderator',
          feeCents: full ? 0 : date.feeCents,
          hostShareCents: full ? 0 : share - refundCents,
          refundCents,
          minutesTogether: date.minutesTogether,
          disputeUntil: now,
          endedAt: now,
        },
        now,
      );
    }
    const at = timestampParam(now);
    await tx.execute(sql`
      UPDATE refund_requests SET status = ${STATUS_OF[input.decision]},
        amount = ${input.decision === 'deny' ? sql`NULL` : sql`${centsToMoneyString(refundCents)}::numeric`},
        note = ${input.note}, decided_by = ${moderatorId}::uuid, decided_at = ${at}
      WHERE id = ${requestId}::uuid`);
    await notify(tx, refundDecidedNotices(pairOf(date), refundCents));
    return date;
  });
  publishDateUpdated(deps.realtime, {
    auctionId: decided.auctionId,
    hostId: decided.host.id,
    winnerId: decided.winner.id,
  });
  await settleMoneyNow(deps, decided.auctionId);
  return listOpenRefundRequests(deps.db);
}
