CREATE TABLE "pending_bid_notices" (
	"bid_id" uuid PRIMARY KEY NOT NULL,
	"auction_id" uuid NOT NULL,
	"bidder_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"received_title" varchar(255) NOT NULL,
	"received_message" text NOT NULL,
	"outbid_id" uuid,
	"outbid_title" varchar(255),
	"outbid_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
-- accept_bid as migration 0016 wrote it, but for its last step: instead of the two notices (a
-- notification row each, and the outbox rows the trigger of migration 0019 adds), it writes one
-- pending_bid_notices row. The notices were the largest part of the time a bid holds the hot
-- auction's row lock (docs/performance.md, "Notices after the bid's commit"); the bid and its
-- notices stay atomic in effect: the row commits with the bid, and turns into the notices
-- exactly once, in the statement that deletes it (bid-notices.repository.ts).
CREATE OR REPLACE FUNCTION "accept_bid"(
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
DECLARE
  a record;
  v_max numeric := COALESCE(p_max_amount, p_amount);
  v_minimum numeric;
  v_start numeric;
  v_price numeric;
  v_rows integer := 0;
  v_leader uuid;
  v_leader_max numeric;
  v_outbid uuid;
  v_answered boolean := false;
  v_own_amount numeric;
  v_bid_id uuid;
  v_bid_at timestamptz;
  v_at timestamptz;
  v_end timestamptz;
  v_new_watch integer;
BEGIN
  -- The row lock queues every bid on this auction, from any instance; each statement below takes a
  -- fresh snapshot, so it sees every bid accepted before this one.
  SELECT x.* INTO a FROM auctions AS x WHERE x.id = p_auction_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_minimum := CASE WHEN a.bid_count = 0 THEN a.starting_bid ELSE a.current_bid + 1 END;
  IF NOT (a.is_active AND a.closed_at IS NULL AND a.end_time > p_now AND a.creator_id <> p_bidder_id)
     OR v_max < v_minimum OR v_max < p_amount
     -- Bounded money (docs/auctions.md, bidCeilingCents): the greater of $1,000 and 10 x the minimum, at most $100,000.
     OR v_max > LEAST(100000, GREATEST(1000, 10 * v_minimum))
     OR (a.buy_now_price IS NOT NULL AND v_max >= a.buy_now_price) THEN
    RETURN QUERY SELECT false, NULL::uuid, NULL::text, NULL::timestamptz, false, a.creator_id, a.title::text,
      a.current_bid::text, a.starting_bid::text, a.bid_count, a.end_time, a.is_active, a.closed_at, a.buy_now_price::text;
    RETURN;
  END IF;
  v_start := LEAST(v_max, GREATEST(p_amount, v_minimum));
  v_leader := a.leader_id;
  v_leader_max := a.leader_max;
  IF v_leader IS NULL AND a.bid_count > 0 THEN
    -- Bids written without this function (imports, fixtures): the highest bid leads at its amount.
    SELECT b.bidder_id INTO v_leader FROM bids AS b
    WHERE b.auction_id = p_auction_id AND b.voided_at IS NULL
    ORDER BY b.amount DESC, b.created_at DESC, b.id DESC LIMIT 1;
    v_leader_max := a.current_bid;
  END IF;
  v_price := a.current_bid;
  v_at := clock_timestamp();

  IF v_leader = p_bidder_id AND p_max_amount IS NOT NULL THEN
    -- The leader raises their maximum: the price stays, nothing is shown to anyone.
    UPDATE auctions AS x SET leader_id = v_leader, leader_max = GREATEST(v_leader_max, v_max), updated_at = p_now
    WHERE x.id = p_auction_id;
    SELECT b.id, b.amount, b.created_at INTO v_bid_id, v_own_amount, v_bid_at
    FROM bids AS b
    WHERE b.auction_id = p_auction_id AND b.bidder_id = p_bidder_id AND b.voided_at IS NULL
    ORDER BY b.created_at DESC, b.id DESC
    LIMIT 1;
    RETURN QUERY SELECT true, v_bid_id, v_own_amount::text, v_bid_at, false, a.creator_id, a.title::text,
      a.current_bid::text, a.starting_bid::text, a.bid_count, a.end_time, a.is_active, a.closed_at, a.buy_now_price::text;
    RETURN;
  ELSIF v_leader = p_bidder_id OR v_leader IS NULL THEN
    -- The first bid, or the leader's own plain bid: it is the price.
    v_price := v_start;
    v_own_amount := v_start;
    -- GREATEST skips NULL: a first bid's maximum is its own.
    v_leader_max := CASE WHEN v_leader = p_bidder_id THEN GREATEST(v_leader_max, v_max) ELSE v_max END;
    v_leader := p_bidder_id;
    INSERT INTO bids AS b (auction_id, bidder_id, amount, max_amount, created_at)
    VALUES (p_auction_id, p_bidder_id, v_start, p_max_amount, v_at) RETURNING b.id, b.created_at INTO v_bid_id, v_bid_at;
    v_rows := 1;
  ELSIF v_max > v_leader_max THEN
    -- A higher maximum takes the lead; the beaten leader's automatic bid went to its maximum first.
    IF v_leader_max > a.current_bid THEN
      INSERT INTO bids (auction_id, bidder_id, amount, is_automatic, created_at)
      VALUES (p_auction_id, v_leader, v_leader_max, true, v_at);
      v_rows := 1;
      v_at := GREATEST(clock_timestamp(), v_at + interval '1 microsecond');
    END IF;
    v_price := GREATEST(v_start, LEAST(v_max, v_leader_max + 1));
    v_own_amount := v_price;
    INSERT INTO bids AS b (auction_id, bidder_id, amount, max_amount, created_at)
    VALUES (p_auction_id, p_bidder_id, v_price, p_max_amount, v_at) RETURNING b.id, b.created_at INTO v_bid_id, v_bid_at;
    v_rows := v_rows + 1;
    v_outbid := v_leader;
    v_leader := p_bidder_id;
    v_leader_max := v_max;
  ELSE
    -- Not above the leader's maximum (a tie goes to the leader, who set it first): stored at its
    -- maximum, then answered at once by the leader's automatic bid.
    v_own_amount := v_max;
    INSERT INTO bids AS b (auction_id, bidder_id, amount, max_amount, created_at)
    VALUES (p_auction_id, p_bidder_id, v_max, p_max_amount, v_at) RETURNING b.id, b.created_at INTO v_bid_id, v_bid_at;
    v_price := LEAST(v_leader_max, v_max + 1);
    INSERT INTO bids (auction_id, bidder_id, amount, is_automatic, created_at)
    VALUES (p_auction_id, v_leader, v_price, true, GREATEST(clock_timestamp(), v_at + interval '1 microsecond'));
    v_rows := 2;
    v_answered := true;
  END IF;

  -- Placing a bid watches the auction (the watchlist, docs/auctions.md).
  INSERT INTO auction_watches AS w (user_id, auction_id) VALUES (p_bidder_id, p_auction_id) ON CONFLICT DO NOTHING;
  v_new_watch := CASE WHEN FOUND THEN 1 ELSE 0 END;

  UPDATE auctions AS x
  SET current_bid = v_price,
      bid_count = x.bid_count + v_rows,
      watcher_count = x.watcher_count + v_new_watch,
      leader_id = v_leader,
      leader_max = v_leader_max,
      end_time = CASE WHEN x.end_time <= p_soft_end THEN p_soft_end ELSE x.end_time END,
      updated_at = p_now
  WHERE x.id = p_auction_id
  RETURNING x.end_time INTO v_end;

  -- The bid's notices, as one narrow row (docs/notifications.md, "A bid's notices"): the
  -- notifications and their outbox rows are written from it right after this commits, off the lock.
  INSERT INTO pending_bid_notices (bid_id, auction_id, bidder_id, host_id, received_title, received_message,
    outbid_id, outbid_title, outbid_message)
  VALUES (v_bid_id, p_auction_id, p_bidder_id, a.creator_id, p_received_title,
    bid_notice_text(p_received_message, v_own_amount, v_price), v_outbid,
    CASE WHEN v_outbid IS NOT NULL THEN p_outbid_title END,
    CASE WHEN v_outbid IS NOT NULL THEN bid_notice_text(p_outbid_message, v_own_amount, v_price) END);

  RETURN QUERY SELECT true, v_bid_id, v_own_amount::text, v_bid_at, v_answered, a.creator_id, a.title::text,
    v_price::text, a.starting_bid::text, a.bid_count + v_rows, v_end, a.is_active, a.closed_at, a.buy_now_price::text;
END;
$$;
--> statement-breakpoint
-- Several bids on ONE auction in one statement and one transaction (docs/performance.md, "Bids on
-- one auction in batches"): an instance sends the bids that arrived for an auction while its last
-- call for that auction ran, in arrival order, and each is decided exactly as `place_bid` decides a
-- bid alone, seeing the ones before it. The batch shares one call, one row lock and one commit.
-- Every bidder's rate-limit lock is taken first, in the order of their ids, before any auction row
-- lock: a transaction holding an auction's row lock then never waits for a bidder's lock, so two
-- instances' batches (or a batch and a lone bid) cannot deadlock. A failure rolls the whole batch
-- back; the app then sends its bids one by one.
-- p_bids: a JSON array of {bidder_id, amount, max_amount, card_confirmed, now, soft_end}, as
-- `place_bid` takes them; the notice templates are the same for every bid.
CREATE OR REPLACE FUNCTION "place_bids"(
  p_bids_per_minute integer,
  p_auction_id uuid,
  p_bids jsonb,
  p_received_title text,
  p_received_message text,
  p_outbid_title text,
  p_outbid_message text
) RETURNS TABLE (
  bid_index integer,
  refusal text,
  previous_leader_id uuid,
  stripe_customer_id text,
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
DECLARE
  v_bidder uuid;
  b record;
BEGIN
  FOR v_bidder IN
    SELECT DISTINCT x.bidder_id FROM jsonb_to_recordset(p_bids) AS x(bidder_id uuid, amount numeric)
    WHERE x.amount IS NOT NULL ORDER BY x.bidder_id
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('rate-limit:bids:' || v_bidder::text, 0));
  END LOOP;
  FOR b IN
    SELECT x.*, t.n::integer AS n
    FROM jsonb_array_elements(p_bids) WITH ORDINALITY AS t(e, n),
         jsonb_to_record(t.e) AS x(bidder_id uuid, amount numeric, max_amount numeric, card_confirmed boolean,
                                   now timestamptz, soft_end timestamptz)
    ORDER BY t.n
  LOOP
    RETURN QUERY SELECT b.n - 1, r.* FROM place_bid(p_bids_per_minute, p_auction_id, b.bidder_id, b.amount,
      b.max_amount, b.card_confirmed, b.now, b.soft_end, p_received_title, p_received_message, p_outbid_title,
      p_outbid_message) AS r;
  END LOOP;
END $$;
