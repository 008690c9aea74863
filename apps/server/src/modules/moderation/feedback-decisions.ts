import { LIFT_NEEDS_SUSPENDED_HOST, OVERTURN_NEEDS_NO_SHOW, type ModerationAction } from '@bid/contract';
import type { Db } from '../../db/client.js';
import type { Report } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import {
  hideReviewAndRecount,
  liftSuspensionFromHosting,
  overturnNoShowAndRecount,
} from '../feedback/feedback.service.js';

/**
 * The moderators' decisions on the cases feedback opens (issue 35, docs/trust-and-safety.md
 * "Reliability and the safety loop"), applied in the resolving transaction: hiding a reported
 * review, overturning a no-show answer found untrue, lifting a hosting suspension. Each recounts
 * the reputation it changes. A decision that does not fit the case is a 400 and changes nothing.
 */
export async function applyFeedbackDecision(
  tx: Db,
  report: Report,
  input: { action: ModerationAction; moderatorId: string; now: Date },
): Promise<void> {
  const { action, now } = input;
  if (action === 'hide_review') {
    await hideReviewAndRecount(tx, { id: report.targetId, now });
  } else if (action === 'overturn_no_show') {
    const subjectId = report.reporterId
      ? await overturnNoShowAndRecount(tx, { auctionId: report.targetId, authorId: report.reporterId, now })
      : undefined;
    if (!subjectId) throw badRequest(OVERTURN_NEEDS_NO_SHOW, 'action');
  } else if (action === 'lift_hosting_suspension') {
    const lifted =
      report.reportedUserId !== null &&
      (await liftSuspensionFromHosting(tx, { userId: report.reportedUserId, by: input.moderatorId, now }));
    if (!lifted) throw badRequest(LIFT_NEEDS_SUSPENDED_HOST, 'action');
  }
}

/**
 * Whether the reported member hears of the decision. A case opened by feedback after a date
 * stays between the moderators and the person who answered (nobody learns that the other said
 * they felt unsafe, or that they did not come) unless the decision acts on the member.
 */
export function isToldOfDecision(report: Pick<Report, 'reason'>, action: ModerationAction): boolean {
  if (report.reason !== 'unsafe_date' && report.reason !== 'no_show') return true;
  return action === 'warn' || action === 'suspend_user' || action === 'lift_hosting_suspension';
}
