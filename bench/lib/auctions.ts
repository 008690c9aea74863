import type pg from 'pg';

/**
 * `count` open coffee auctions hosted by `creatorId`, ending in a day, starting at $1: the hot
 * auctions the bid scenarios and the capacity run bid on. Their ids, in creation order.
 */
export async function createHotAuctions(pool: pg.Pool, creatorId: string, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO auctions (creator_id, title, description, date_type, location, starting_bid, current_bid,
                           expected_duration, end_time)
     SELECT $1, 'Hot auction ' || n, 'Everyone wants this coffee date.', 'coffee', 'Austin, TX', 1, 1, 60,
            now() + interval '1 day'
     FROM generate_series(1, $2::int) AS n
     RETURNING id`,
    [creatorId, count],
  );
  return rows.map((row) => row.id);
}
