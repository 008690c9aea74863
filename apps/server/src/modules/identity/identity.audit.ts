import type { AuditAction, AuditOutcome } from '@bid/contract';
import type { Db } from '../../db/client.js';
import { recordAuditEvent } from '../audit/audit.service.js';
import type { RequestContext } from '../uploads/uploads.service.js';

/** Who caused an identity event; the webhook and jobs have no browser behind them. */
export const SYSTEM_CONTEXT: RequestContext = { clientIp: '', userAgent: null, sessionId: null };

/**
 * One entry of the audit chain for the identity flow. A document + selfie check done remotely
 * and unattended is IAL2 at most (docs/engineering.md §5): never ial3. Details carry opaque ids and codes only,
 * never storage keys, URLs or anything read from a document.
 */
export function auditIdentity(
  db: Db,
  input: {
    action: AuditAction;
    outcome: AuditOutcome;
    resource: 'identity_verification' | 'identity_document';
    resourceId: string | null;
    userId: string | null;
    details?: Record<string, unknown>;
    context: RequestContext;
    at: Date;
  },
) {
  return recordAuditEvent(db, {
    action: input.action,
    outcome: input.outcome,
    resource: input.resource,
    resourceId: input.resourceId,
    userId: input.userId,
    details: input.details ?? null,
    clientIp: input.context.clientIp || null,
    userAgent: input.context.userAgent,
    sessionId: input.context.sessionId,
    complianceLevel: 'ial2',
    at: input.at,
  });
}
