import { sql, type SQL } from 'drizzle-orm';
import { blocks } from '../../db/schema/index.js';

/**
 * The blocks module's conditions for other modules' queries (docs/trust-and-safety.md): a list
 * that leaves out members kept apart from the viewer filters with one of these, as lists take a
 * host's reputation from feedback/reputation.ts. The block rows themselves stay private to
 * blocks.repository.ts (docs/architecture.md, "Folders of the server").
 */

/**
 * SQL true when `viewerId` and the member in `otherUserColumn` are kept apart by a block in
 * either direction. Two primary-key probes: (viewer, other) and (other, viewer).
 */
export function isBlockedBetweenSql(viewerId: SQL | string, otherUserColumn: SQL): SQL<boolean> {
  const viewer = typeof viewerId === 'string' ? sql`${viewerId}::uuid` : viewerId;
  return sql<boolean>`EXISTS (SELECT 1 FROM ${blocks}
    WHERE (${blocks.blockerId} = ${viewer} AND ${blocks.blockedId} = ${otherUserColumn})
       OR (${blocks.blockerId} = ${otherUserColumn} AND ${blocks.blockedId} = ${viewer}))`;
}

/**
 * SQL true when the member in `userColumn` is not kept apart from `viewerId`: the ids on either
 * side of the viewer's blocks are read once (a hashed subplan), not probed per row.
 */
export function isNotBlockedWithSql(viewerId: SQL, userColumn: SQL): SQL<boolean> {
  return sql<boolean>`${userColumn} NOT IN (
    SELECT ${blocks.blockedId} FROM ${blocks} WHERE ${blocks.blockerId} = ${viewerId}
    UNION ALL
    SELECT ${blocks.blockerId} FROM ${blocks} WHERE ${blocks.blockedId} = ${viewerId})`;
}

/**
 * The same as `isNotBlockedWithSql`, checked row by row with two primary-key probes, for queries
 * that already hold a small set of candidate rows (search): there a `NOT IN` subquery, estimated
 * to remove half of the table, turned PostgreSQL from looking the candidates up by id to reading
 * the whole table (docs/performance.md).
 */
export function isNotBlockedPerRowSql(viewerId: SQL, userColumn: SQL): SQL<boolean> {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM ${blocks}
      WHERE ${blocks.blockerId} = ${viewerId} AND ${blocks.blockedId} = ${userColumn})
    AND NOT EXISTS (SELECT 1 FROM ${blocks}
      WHERE ${blocks.blockerId} = ${userColumn} AND ${blocks.blockedId} = ${viewerId})`;
}
