import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { recordAuditEvent } from '../audit/audit.service.js';

/**
 * Sign-in and sign-out events for the audit chain (docs/engineering.md §5). A self-asserted e-mail or
 * provider account proves no identity, hence `ial1`. Passwords, codes and tokens never
 * reach the chain: only the method and the reason are recorded.
 */
export function auditSessionEvent(
  db: Db,
  request: FastifyRequest,
  event: {
    action: 'login' | 'logout';
    outcome: 'success' | 'failure';
    userId?: string | undefined;
    method: string;
    reason?: string;
  },
) {
  return recordAuditEvent(db, {
    action: event.action,
    outcome: event.outcome,
    resource: 'session',
    userId: event.userId ?? null,
    details: { method: event.method, ...(event.reason ? { reason: event.reason } : {}) },
    clientIp: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    sessionId: request.session?.id ?? null,
    complianceLevel: 'ial1',
  });
}
