import { bigint, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { auditActionEnum, auditOutcomeEnum, complianceLevelEnum } from './enums.js';

/**
 * Append-only hash chain (GUIDE §5). `userId` has no foreign key on purpose: the
 * trail must outlive the account it describes.
 */
export const auditLogs = pgTable('audit_logs', {
  id: uuid('id').primaryKey().defaultRandom(),
  timestamp: timestamptz('timestamp').notNull().defaultNow(),
  userId: uuid('user_id'),
  action: auditActionEnum('action').notNull(),
  resource: varchar('resource', { length: 100 }).notNull(),
  resourceId: varchar('resource_id', { length: 255 }),
  outcome: auditOutcomeEnum('outcome').notNull(),
  details: jsonb('details'),
  clientIp: varchar('client_ip', { length: 64 }),
  userAgent: text('user_agent'),
  sessionId: varchar('session_id', { length: 128 }),
  previousHash: varchar('previous_hash', { length: 64 }),
  entryHash: varchar('entry_hash', { length: 64 }).notNull(),
  sequence: bigint('sequence', { mode: 'number' }).notNull().unique(),
  retentionDate: timestamptz('retention_date'),
  complianceLevel: complianceLevelEnum('compliance_level').notNull().default('ial2'),
});

export type AuditLog = typeof auditLogs.$inferSelect;
export type NewAuditLog = typeof auditLogs.$inferInsert;
