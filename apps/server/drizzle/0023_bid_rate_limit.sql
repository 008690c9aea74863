-- A member's bids per minute, decided in the bid's own statement (docs/reliability.md, "Atomic
-- rate limits"). Counting in the app and then bidding let a burst of concurrent bids all read the
-- same old total; a transaction around "lock, count, accept_bid" fixed that but cost four more
-- round trips on the hottest path. Here the bidder's advisory lock is taken first, and the count
-- runs as a statement of its own inside this VOLATILE function, so under READ COMMITTED it sees
-- every bid committed by whoever held the lock before. The lock is per bidder: two bidders never
-- wait for each other, and accept_bid still takes the auction's row lock last.
CREATE OR REPLACE FUNCTION "accept_bid_within_limit"(
  p_bids_per_minute integer,
  p_auction_id uuid,
  p_bidder_id uuid,
  p_amount numeric,
  p_max_amount numeric,
  p_now timestamptz,
  p_soft_end timestamptz,
  p_received_title text,
  p_received_message text,
  p_outbid_title text,
  p_outbid_message text
) RETURNS TABLE (
  accepted boolean,
  bid_id uuid,
  bid_amount text,
  bid_created_at timestamptz,
  outbid_by_automatic_bid boolean,
  creator_id uuid,
  title text,
  current_bid text,
  starting_bid text,
  bid_count integer,
  end_time timestamptz,
  is_active boolean,
  closed_at timestamptz,
  buy_now_price text
) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  -- The same key the app's other rate limits use (lib/rate-limit-lock.ts), so both agree.
  PERFORM pg_advisory_xact_lock(hashtextextended('rate-limit:bids:' || p_bidder_id::text, 0));
  IF (SELECT count(*) FROM "bids" b
      WHERE b."bidder_id" = p_bidder_id AND b."created_at" > clock_timestamp() - interval '1 minute')
     >= p_bids_per_minute THEN
    -- A code of our own, which the app turns into its 429 (bids.repository.ts).
    RAISE EXCEPTION 'bids per minute reached' USING ERRCODE = 'BD429';
  END IF;
  RETURN QUERY SELECT * FROM accept_bid(p_auction_id, p_bidder_id, p_amount, p_max_amount, p_now, p_soft_end,
    p_received_title, p_received_message, p_outbid_title, p_outbid_message);
END $$;
