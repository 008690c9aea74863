ALTER TABLE "auctions" ADD COLUMN "reserve_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_reserve_price_range" CHECK ("auctions"."reserve_price" IS NULL OR ("auctions"."reserve_price" >= "auctions"."starting_bid" AND "auctions"."reserve_price" <= 100000));

--> statement-breakpoint
-- [0038] `place_bids` (docs/auctions.md, "Reserve price"): migration 0030's function but for the
-- reserve rule, each change marked [0038]; everything else is 0030's, word for word. A maximum at
-- or above the auction's reserve price sets the price to at least the reserve; below it the price
-- follows the automatic-bid rule (`priceWithReserve` in packages/contract folds the same rule). A
-- leader raising their maximum to the reserve lifts the price to it with one bid row. The answer
-- gains `reserve_met` and `met_reserve`, so the row is dropped and created again.
DROP FUNCTION "place_bids"(integer, uuid, jsonb, text, text, text, text);--> statement-breakpoint
CREATE FUNCTION "place_bids"(
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
  buy_now_price text,
  -- [0038] Whether the reserve is met after this bid (NULL without a reserve), and whether this bid met it.
  reserve_met boolean,
  met_reserve boolean
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_bidder uuid;
  q record;
  u record;
  a record;
  v_auction_found boolean;
  -- The columns a bid changes, as the bids of this call have left them so far.
  s_price numeric;
  s_count integer;
  s_leader uuid;
  s_leader_max numeric;
  s_reserve numeric;              -- [0038] the host's reserve price, NULL without one
  s_end timestamptz;
  s_new_watchers integer := 0;
  s_updated_at timestamptz;       -- the `now` of the last bid that changed the row; NULL while none has
  s_last_bid_at timestamptz := '-infinity';
  -- One bid's decision.
  v_name text;
  v_max numeric;
  v_minimum numeric;
  v_start numeric;
  v_price numeric;
  v_rows integer;
  v_outbid uuid;
  v_answered boolean;
  v_own_amount numeric;
  v_bid_id uuid;
  v_bid_at timestamptz;
  v_at timestamptz;
  -- The bid's notice texts, as they will read.
  v_received_title text;
  v_received_message text;
  v_outbid_title text;
  v_outbid_message text;
BEGIN
  -- Every bidder's rate-limit lock first, in id order, before the auction's row lock: a transaction
  -- holding an auction's row lock then never waits for a bidder's lock, so two instances' batches
  -- cannot deadlock (migration 0026).
  FOR v_bidder IN
    SELECT DISTINCT x.bidder_id FROM jsonb_to_recordset(p_bids) AS x(bidder_id uuid, amount numeric)
    WHERE x.amount IS NOT NULL ORDER BY x.bidder_id
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('rate-limit:bids:' || v_bidder::text, 0));
  END LOOP;

  -- The row lock queues every bid on this auction, from any instance; held from here, the row read
  -- now is the row every later bid of this call would have read. A call none of whose bids may
  -- write reads without it.
  IF EXISTS (SELECT 1 FROM jsonb_to_recordset(p_bids) AS x(amount numeric) WHERE x.amount IS NOT NULL) THEN
    SELECT x.* INTO a FROM auctions AS x WHERE x.id = p_auction_id FOR NO KEY UPDATE;
  ELSE
    SELECT x.* INTO a FROM auctions AS x WHERE x.id = p_auction_id;
  END IF;
  v_auction_found := FOUND;
  IF v_auction_found THEN
    s_price := a.current_bid;
    s_count := a.bid_count;
    s_leader := a.leader_id;
    s_leader_max := a.leader_max;
    s_reserve := a.reserve_price;
    s_end := a.end_time;
  END IF;

  FOR q IN
    SELECT x.*, t.n::integer AS n
    FROM jsonb_array_elements(p_bids) WITH ORDINALITY AS t(e, n),
         jsonb_to_record(t.e) AS x(bidder_id uuid, amount numeric, max_amount numeric, card_confirmed boolean,
                                   now timestamptz, soft_end timestamptz)
    ORDER BY t.n
  LOOP
    bid_index := q.n - 1;
    refusal := NULL;
    previous_leader_id := NULL;
    stripe_customer_id := NULL;
    accepted := false;
    bid_id := NULL;
    bid_amount := NULL;
    bid_created_at := NULL;
    outbid_by_automatic_bid := false;
    creator_id := NULL;
    title := NULL;
    current_bid := NULL;
    starting_bid := NULL;
    bid_count := NULL;
    end_time := NULL;
    is_active := NULL;
    closed_at := NULL;
    buy_now_price := NULL;
    reserve_met := NULL;
    met_reserve := false;

    SELECT x.first_name, x.last_name, x.age, x.location, x.sex, x.open_to_dates_with, x.card_on_file,
           x.stripe_customer_id
    INTO u FROM users AS x WHERE x.id = q.bidder_id;
    IF NOT FOUND THEN
      refusal := 'unauthorized';
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- The bid rate limit (docs/reliability.md, "Atomic rate limits"): a statement of its own in this
    -- VOLATILE function, under the bidder's lock, so it sees every bid committed by whoever held the
    -- lock before, and the bids this call has already accepted.
    IF (SELECT count(*) FROM bids AS b
        WHERE b.bidder_id = q.bidder_id AND b.created_at > clock_timestamp() - interval '1 minute')
       >= p_bids_per_minute THEN
      refusal := 'rate_limited';
      RETURN NEXT;
      CONTINUE;
    END IF;

    IF NOT v_auction_found OR a.hidden_at IS NOT NULL THEN
      refusal := 'not_found';
      RETURN NEXT;
      CONTINUE;
    END IF;
    creator_id := a.creator_id;
    title := a.title;
    current_bid := s_price::text;
    starting_bid := a.starting_bid::text;
    bid_count := s_count;
    end_time := s_end;
    is_active := a.is_active;
    closed_at := a.closed_at;
    buy_now_price := a.buy_now_price::text;

    IF NOT (COALESCE(js_trim(u.first_name), '') <> '' AND COALESCE(js_trim(u.last_name), '') <> ''
            AND u.age IS NOT NULL AND COALESCE(js_trim(u.location), '') <> '' AND u.sex IS NOT NULL
            AND COALESCE(cardinality(u.open_to_dates_with), 0) > 0) THEN
      refusal := 'profile';
    ELSIF a.creator_id = q.bidder_id THEN
      refusal := 'own';
    ELSIF EXISTS (SELECT 1 FROM blocks AS k
                  WHERE (k.blocker_id = q.bidder_id AND k.blocked_id = a.creator_id)
                     OR (k.blocker_id = a.creator_id AND k.blocked_id = q.bidder_id)) THEN
      refusal := 'blocked';
    ELSIF NOT (a.closed_at IS NULL AND a.is_active AND s_end > q.now) THEN
      refusal := 'ended';
    ELSIF NOT u.card_on_file AND NOT q.card_confirmed THEN
      refusal := 'card_unknown';
      stripe_customer_id := u.stripe_customer_id;
    ELSIF q.amount IS NULL THEN
      refusal := 'checked';
    END IF;
    IF refusal IS NOT NULL THEN
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- The amounts (docs/auctions.md): high enough, within the money bounds (bidCeilingCents: the
    -- greater of $1,000 and 10 x the minimum, at most $100,000), below Buy Now.
    v_max := COALESCE(q.max_amount, q.amount);
    v_minimum := CASE WHEN s_count = 0 THEN a.starting_bid ELSE s_price + 1 END;
    IF v_max < v_minimum OR v_max < q.amount
       OR v_max > LEAST(100000, GREATEST(1000, 10 * v_minimum))
       OR (a.buy_now_price IS NOT NULL AND v_max >= a.buy_now_price) THEN
      refusal := 'refused';
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- The automatic-bid rule, as `applyBidRequest` in packages/contract folds it.
    v_start := LEAST(v_max, GREATEST(q.amount, v_minimum));
    IF s_leader IS NULL AND s_count > 0 THEN
      -- Bids written without this function (imports, fixtures): the highest bid leads at its amount.
      SELECT b.bidder_id INTO s_leader FROM bids AS b
      WHERE b.auction_id = p_auction_id AND b.voided_at IS NULL
      ORDER BY b.amount DESC, b.created_at DESC, b.id DESC LIMIT 1;
      s_leader_max := s_price;
    END IF;
    -- [0030] Who leads before this bid, as the fold knows it (0029 read the bidder of the highest
    -- bid instead, which is the leader too when an automatic bid answered: the app then told the
    -- leader they were outbid). The app tells them only when this bid took the lead (docs/realtime.md).
    previous_leader_id := s_leader;
    v_name := display_name_of(u.first_name, u.last_name);
    v_price := s_price;
    v_rows := 0;
    v_outbid := NULL;
    v_answered := false;
    -- Each row's time is the database clock, strictly after the call's previous row, so the order
    -- of createdAt is the order of acceptance.
    v_at := GREATEST(clock_timestamp(), s_last_bid_at + interval '1 microsecond');

    IF s_leader = q.bidder_id AND NOT (s_reserve IS NOT NULL AND s_price < s_reserve
                                       AND GREATEST(s_leader_max, v_max) >= s_reserve) THEN
      -- [0030] Any bid by the leader, a maximum or a plain bid (a maximum equal to its amount), only
      -- raises their maximum: the price stays, nothing is shown to anyone (docs/auctions.md).
      -- [0038] Unless the raised maximum meets the reserve: that lifts the price (below).
      s_leader_max := GREATEST(s_leader_max, v_max);
      s_updated_at := q.now;
      SELECT b.id, b.amount, b.created_at INTO v_bid_id, v_own_amount, v_bid_at
      FROM bids AS b
      WHERE b.auction_id = p_auction_id AND b.bidder_id = q.bidder_id AND b.voided_at IS NULL
      ORDER BY b.created_at DESC, b.id DESC
      LIMIT 1;
      accepted := true;
      bid_id := v_bid_id;
      bid_amount := v_own_amount::text;
      bid_created_at := v_bid_at;
      reserve_met := CASE WHEN s_reserve IS NULL THEN NULL ELSE s_count > 0 AND s_price >= s_reserve END;
      RETURN NEXT;
      CONTINUE;
    ELSIF s_leader = q.bidder_id THEN
      -- [0038] The leader raised their maximum to the reserve or above while the price was below it:
      -- the price goes to the reserve, as one bid of theirs everyone sees (applyBidRequest).
      s_leader_max := GREATEST(s_leader_max, v_max);
      v_price := s_reserve;
      v_own_amount := s_reserve;
      INSERT INTO bids AS b (auction_id, bidder_id, amount, max_amount, created_at)
      VALUES (p_auction_id, q.bidder_id, s_reserve, q.max_amount, v_at) RETURNING b.id, b.created_at INTO v_bid_id, v_bid_at;
      v_rows := 1;
    ELSIF s_leader IS NULL THEN
      -- The first bid: it is the price. [0030: the leader's own plain bid no longer comes here.]
      -- [0038] A maximum at or above the reserve starts at the reserve.
      v_price := CASE WHEN s_reserve IS NOT NULL AND v_max >= s_reserve THEN GREATEST(v_start, s_reserve) ELSE v_start END;
      v_own_amount := v_price;
      s_leader_max := v_max;
      s_leader := q.bidder_id;
      INSERT INTO bids AS b (auction_id, bidder_id, amount, max_amount, created_at)
      VALUES (p_auction_id, q.bidder_id, v_price, q.max_amount, v_at) RETURNING b.id, b.created_at INTO v_bid_id, v_bid_at;
      v_rows := 1;
    ELSIF v_max > s_leader_max THEN
      -- A higher maximum takes the lead; the beaten leader's automatic bid went to its maximum first.
      IF s_leader_max > s_price THEN
        INSERT INTO bids (auction_id, bidder_id, amount, is_automatic, created_at)
        VALUES (p_auction_id, s_leader, s_leader_max, true, v_at);
        v_rows := 1;
        v_at := GREATEST(clock_timestamp(), v_at + interval '1 microsecond');
      END IF;
      v_price := GREATEST(v_start, LEAST(v_max, s_leader_max + 1));
      -- [0038] A maximum at or above the reserve takes the lead at the reserve at least.
      IF s_reserve IS NOT NULL AND v_max >= s_reserve THEN
        v_price := GREATEST(v_price, s_reserve);
      END IF;
      v_own_amount := v_price;
      INSERT INTO bids AS b (auction_id, bidder_id, amount, max_amount, created_at)
      VALUES (p_auction_id, q.bidder_id, v_price, q.max_amount, v_at) RETURNING b.id, b.created_at INTO v_bid_id, v_bid_at;
      v_rows := v_rows + 1;
      v_outbid := s_leader;
      s_leader := q.bidder_id;
      s_leader_max := v_max;
    ELSE
      -- Not above the leader's maximum (a tie goes to the leader, who set it first): stored at its
      -- maximum, then answered at once by the leader's automatic bid.
      v_own_amount := v_max;
      INSERT INTO bids AS b (auction_id, bidder_id, amount, max_amount, created_at)
      VALUES (p_auction_id, q.bidder_id, v_max, q.max_amount, v_at) RETURNING b.id, b.created_at INTO v_bid_id, v_bid_at;
      v_price := LEAST(s_leader_max, v_max + 1);
      -- [0038] Never lifts anything in fact (a leader at or above the reserve priced it there
      -- already); kept so the fold reads as applyBidRequest's.
      IF s_reserve IS NOT NULL AND s_leader_max >= s_reserve THEN
        v_price := GREATEST(v_price, s_reserve);
      END IF;
      v_at := GREATEST(clock_timestamp(), v_at + interval '1 microsecond');
      INSERT INTO bids (auction_id, bidder_id, amount, is_automatic, created_at)
      VALUES (p_auction_id, s_leader, v_price, true, v_at);
      v_rows := 2;
      v_answered := true;
    END IF;
    s_last_bid_at := v_at;

    -- Placing a bid watches the auction (the watchlist, docs/auctions.md).
    INSERT INTO auction_watches AS w (user_id, auction_id) VALUES (q.bidder_id, p_auction_id) ON CONFLICT DO NOTHING;
    IF FOUND THEN
      s_new_watchers := s_new_watchers + 1;
    END IF;

    met_reserve := s_reserve IS NOT NULL AND v_price >= s_reserve AND (s_count = 0 OR s_price < s_reserve);
    s_price := v_price;
    s_count := s_count + v_rows;
    s_end := CASE WHEN s_end <= q.soft_end THEN q.soft_end ELSE s_end END;
    s_updated_at := q.now;

    -- The bid's notices, as one narrow row (docs/notifications.md, "A bid's notices"): the
    -- notifications and their outbox rows are written from it right after this commits, off the lock.
    -- The texts are worked out first, in plain assignments: inside the INSERT, the immutable text
    -- functions called on this bid's values made PostgreSQL plan the statement afresh for every
    -- bid (a custom plan folds them to constants, so it always looked cheaper than the cached one).
    v_received_title := format(p_received_title, v_name, a.title);
    v_received_message := bid_notice_text(format(p_received_message, v_name, a.title), v_own_amount, v_price);
    IF v_outbid IS NOT NULL THEN
      v_outbid_title := format(p_outbid_title, v_name, a.title);
      v_outbid_message := bid_notice_text(format(p_outbid_message, v_name, a.title), v_own_amount, v_price);
    ELSE
      v_outbid_title := NULL;
      v_outbid_message := NULL;
    END IF;
    INSERT INTO pending_bid_notices (bid_id, auction_id, bidder_id, host_id, received_title, received_message,
      outbid_id, outbid_title, outbid_message)
    VALUES (v_bid_id, p_auction_id, q.bidder_id, a.creator_id, v_received_title, v_received_message, v_outbid,
      v_outbid_title, v_outbid_message);

    accepted := true;
    bid_id := v_bid_id;
    bid_amount := v_own_amount::text;
    bid_created_at := v_bid_at;
    outbid_by_automatic_bid := v_answered;
    current_bid := v_price::text;
    bid_count := s_count;
    end_time := s_end;
    reserve_met := CASE WHEN s_reserve IS NULL THEN NULL ELSE s_price >= s_reserve END;
    RETURN NEXT;
  END LOOP;

  -- The auction row, written once for the whole call.
  IF s_updated_at IS NOT NULL THEN
    UPDATE auctions AS x
    SET current_bid = s_price,
        bid_count = s_count,
        watcher_count = x.watcher_count + s_new_watchers,
        leader_id = s_leader,
        leader_max = s_leader_max,
        end_time = s_end,
        updated_at = s_updated_at
    WHERE x.id = p_auction_id;
  END IF;
END $$;
