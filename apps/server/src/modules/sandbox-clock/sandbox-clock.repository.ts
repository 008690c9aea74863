import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxClock } from '../../db/schema/index.js';

/** The test clock's offset in minutes; 0 before it ever moved. */
export async function readClockOffset(db: Db): Promise<number> {
  const [row] = await db.select({ offsetMinutes: sandboxClock.offsetMinutes }).from(sandboxClock);
  return row?.offsetMinutes ?? 0;
}

/**
 * Moves the clock by `minutes` in one statement, so two moves at once (two instances, two tabs)
 * both count. Answers the new offset, or undefined when it would pass `maxOffsetMinutes` (nothing
 * changes then).
 */
export async function advanceClockOffset(
  db: Db,
  minutes: number,
  maxOffsetMinutes: number,
): Promise<number | undefined> {
  const [row] = await db
    .insert(sandboxClock)
    .values({ id: 1, offsetMinutes: minutes })
    .onConflictDoUpdate({
      target: sandboxClock.id,
      set: { offsetMinutes: sql`${sandboxClock.offsetMinutes} + ${minutes}`, updatedAt: new Date() },
      setWhere: sql`${sandboxClock.offsetMinutes} + ${minutes} <= ${maxOffsetMinutes}`,
    })
    .returning({ offsetMinutes: sandboxClock.offsetMinutes });
  return row?.offsetMinutes;
}
