import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { auditActionEnum, auditOutcomeEnum, complianceLevelEnum } from './enums.js';

/**
 * Append-only hash chain (docs/engineering.md §5). `userId` has no foreign key on purpose: the
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

/**
 * The newest entry of the chain, written in the same transaction as each append (one row).
 * A hash chain alone cannot tell that its last entries were deleted: what remains still links
 * up. Comparing the chain's end with this head can (docs/trust-and-safety.md, `audit:verify`).
 */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: smallint('id').primaryKey().default(1),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    entryHash: varchar('entry_hash', { length: 64 }).notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('audit_chain_head_single_row', sql`${t.id} = 1`)],
);

export type AuditLog = typeof auditLogs.$inferSelect;
export type NewAuditLog = typeof auditLogs.$inferInsert;
