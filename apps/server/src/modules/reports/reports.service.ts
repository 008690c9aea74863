import {
  type CreateReportOutput,
  REPORT_REVIEW_HOURS,
  REPORT_SELF_MESSAGE,
  REPORT_TARGET_NOT_FOUND,
  type ReportReceipt,
  REPORTS_PER_HOUR,
  REPORTS_TOO_FAST,
  type ReportTargetType,
} from '@bid/contract';
import type { Db } from '../../db/client.js';
import type { Report } from '../../db/schema/index.js';
import { AppError, badRequest, notFound, tooManyRequests } from '../../lib/errors.js';
import { lockRateLimitKeys } from '../../db/rate-limit-lock.js';
import { isModerator } from '../../plugins/moderators.js';
import { findAuthorOfShownReview } from '../feedback/feedback.service.js';
import {
  countReportsSince,
  findOpenReportByReporter,
  findReportableAuction,
  findReportableMessage,
  findReportableUser,
  insertReport,
} from './reports.repository.js';

export interface ReportsDeps {
  db: Db;
  now: () => Date;
}

const HOUR_MS = 60 * 60 * 1000;

function presentReceipt(report: Report): ReportReceipt {
  return {
    id: report.id,
    targetType: report.targetType,
    targetId: report.targetId,
    reason: report.reason,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    dueAt: report.dueAt.toISOString(),
  };
}

/**
 * Who a report is about, if the reporter can see the target: a member (not deleted), an auction
 * (a hidden one only by its host), a message (only in a conversation the reporter is in).
 */
async function findReportedUserId(
  db: Db,
  reporterId: string,
  targetType: ReportTargetType,
  targetId: string,
  now: Date,
): Promise<string> {
  if (targetType === 'review') {
    // A review can be reported once it is shown (revealed, not hidden); it is about its author.
    const authorId = await findAuthorOfShownReview(db, targetId, now);
    if (!authorId) throw notFound(REPORT_TARGET_NOT_FOUND);
    return authorId;
  }
  if (targetType === 'user') {
    const user = await findReportableUser(db, targetId);
    if (!user || user.deletedAt) throw notFound(REPORT_TARGET_NOT_FOUND);
    return user.id;
  }
  if (targetType === 'auction') {
    const auction = await findReportableAuction(db, targetId);
    if (!auction) throw notFound(REPORT_TARGET_NOT_FOUND);
    if (auction.hiddenAt && auction.creatorId !== reporterId && !(await isModerator(db, reporterId))) {
      throw notFound(REPORT_TARGET_NOT_FOUND);
    }
    return auction.creatorId;
  }
  const message = await findReportableMessage(db, targetId);
  if (!message || (message.senderId !== reporterId && message.receiverId !== reporterId)) {
    throw notFound(REPORT_TARGET_NOT_FOUND);
  }
  return message.senderId;
}

/**
 * POST /api/reports. One open report per reporter and target: a repeat answers the open one
 * (200, `created: false`) instead of queueing a duplicate; a unique index makes that hold for
 * repeats sent at the same moment too. Due REPORT_REVIEW_HOURS after it is made.
 */
export async function createReport(
  deps: ReportsDeps,
  reporterId: string,
  input: CreateReportOutput,
): Promise<{ report: ReportReceipt; created: boolean }> {
  if (input.reason === 'other' && input.details === '') {
    throw new AppError(400, 'validation', 'Tell us what is wrong', 'details');
  }
  const reportedUserId = await findReportedUserId(deps.db, reporterId, input.targetType, input.targetId, deps.now());
  if (reportedUserId === reporterId) throw badRequest(REPORT_SELF_MESSAGE, 'targetId');

  const existing = await findOpenReportByReporter(deps.db, { reporterId, ...input });
  if (existing) return { report: presentReceipt(existing), created: false };

  const now = deps.now();
  // Counted and inserted under the reporter's rate-limit lock, so a burst sent at once cannot all
  // pass on the same count (docs/reliability.md, "Atomic rate limits").
  const inserted = await deps.db.transaction(async (tx) => {
    await lockRateLimitKeys(tx, [`reports:${reporterId}`]);
    if ((await countReportsSince(tx, reporterId, new Date(now.getTime() - HOUR_MS))) >= REPORTS_PER_HOUR) {
      throw tooManyRequests(REPORTS_TOO_FAST);
    }
    return insertReport(tx, {
      reporterId,
      targetType: input.targetType,
      targetId: input.targetId,
      reportedUserId,
      reason: input.reason,
      details: input.details,
      createdAt: now,
      dueAt: new Date(now.getTime() + REPORT_REVIEW_HOURS * HOUR_MS),
    });
  });
  if (inserted) return { report: presentReceipt(inserted), created: true };
  // The same report sent twice at once: the unique index kept the first, which answers both.
  const stored = await findOpenReportByReporter(deps.db, { reporterId, ...input });
  if (!stored) throw new Error('An open report conflicted on insert but could not be read back.');
  return { report: presentReceipt(stored), created: false };
}
