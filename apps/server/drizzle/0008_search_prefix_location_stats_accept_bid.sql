ALTER TABLE "users" ADD COLUMN "card_on_file" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "auctions_title_prefix_idx" ON "auctions" USING btree ((lower("title")) text_pattern_ops);--> statement-breakpoint
-- Auctions cluster on city centres, so latitude and longitude are correlated; without these
-- statistics the planner underestimates the rows in a distance filter's bounding box tenfold and
-- sorts the whole box instead of walking the sort's index (docs/performance.md).
CREATE STATISTICS IF NOT EXISTS "auctions_location_stats" (mcv, dependencies) ON "latitude", "longitude" FROM "auctions";--> statement-breakpoint
-- A bid in one call (docs/decisions/0005-accept-bid-function.md). The conditional UPDATE takes
-- the auction row's lock and re-checks every rule on the freshest row; the bid and its two
-- notifications are written in the same call, so the lock is held only while the database works,
-- never across a round trip to the app. Each statement of a PL/pgSQL function takes a fresh
-- snapshot, so the previous leader is read after the lock is held and sees every earlier bid.
-- Answers one row: the accepted bid with the auction after it, or (accepted = false) the auction
-- as it now stands so the app can say why; no row when there is no such auction.
CREATE OR REPLACE FUNCTION "accept_bid"(
  p_auction_id uuid,
  p_bidder_id uuid,
  p_amount numeric,
  p_now timestamptz,
  p_soft_end timestamptz,
  p_received_title text,
  p_received_message text,
  p_outbid_title text,
  p_outbid_message text
) RETURNS TABLE (
  accepted boolean,
  bid_id uuid,
  bid_created_at timestamptz,
  creator_id uuid,
  title text,
  current_bid text,
  starting_bid text,
  bid_count integer,
  end_time timestamptz,
  is_active boolean,
  closed_at timestamptz
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  won record;
  previous_leader uuid;
  new_bid record;
BEGIN
  UPDATE auctions AS a
  SET current_bid = p_amount,
      bid_count = a.bid_count + 1,
      end_time = CASE WHEN a.end_time <= p_soft_end THEN p_soft_end ELSE a.end_time END,
      updated_at = p_now
  WHERE a.id = p_auction_id
    AND a.is_active
    AND a.closed_at IS NULL
    AND a.end_time > p_now
    AND a.creator_id <> p_bidder_id
    AND ((a.bid_count = 0 AND a.starting_bid <= p_amount)
      OR (a.bid_count > 0 AND a.current_bid + 1 <= p_amount))
  RETURNING a.creator_id, a.title, a.current_bid, a.starting_bid, a.bid_count, a.end_time, a.is_active, a.closed_at
  INTO won;
  IF NOT FOUND THEN
    RETURN QUERY SELECT false, NULL::uuid, NULL::timestamptz, a.creator_id, a.title::text, a.current_bid::text,
      a.starting_bid::text, a.bid_count, a.end_time, a.is_active, a.closed_at
    FROM auctions AS a WHERE a.id = p_auction_id;
    RETURN;
  END IF;

  -- Accepted amounts only rise, so the previous leader placed the highest bid so far.
  SELECT b.bidder_id INTO previous_leader
  FROM bids AS b
  WHERE b.auction_id = p_auction_id
  ORDER BY b.amount DESC
  LIMIT 1;

  -- clock_timestamp(), read after the lock is held: createdAt order is acceptance order.
  INSERT INTO bids AS b (auction_id, bidder_id, amount, created_at)
  VALUES (p_auction_id, p_bidder_id, won.current_bid, clock_timestamp())
  RETURNING b.id, b.created_at INTO new_bid;

  INSERT INTO notifications AS n (user_id, type, title, message, related_auction_id, related_user_id)
  VALUES (won.creator_id, 'bid_received', p_received_title, p_received_message, p_auction_id, p_bidder_id);
  IF previous_leader IS NOT NULL AND previous_leader <> p_bidder_id THEN
    INSERT INTO notifications AS n (user_id, type, title, message, related_auction_id, related_user_id)
    VALUES (previous_leader, 'outbid', p_outbid_title, p_outbid_message, p_auction_id, p_bidder_id);
  END IF;

  RETURN QUERY SELECT true, new_bid.id, new_bid.created_at, won.creator_id, won.title::text, won.current_bid::text,
    won.starting_bid::text, won.bid_count, won.end_time, won.is_active, won.closed_at;
END;
$$;
