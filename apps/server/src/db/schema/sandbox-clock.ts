import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

/**
 * The test clock's one row (docs/payments.md, "The test clock"): how many minutes the server's
 * time is ahead of the real time while the sandbox runs outside production. It lives in the
 * database so every app instance sharing it keeps the same time; no row means no offset.
 */
export const sandboxClock = pgTable(
  'sandbox_clock',
  {
    id: smallint('id').primaryKey().default(1),
    offsetMinutes: integer('offset_minutes').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sandbox_clock_one_row', sql`${t.id} = 1`),
    check('sandbox_clock_forward_only', sql`${t.offsetMinutes} >= 0`),
  ],
);
