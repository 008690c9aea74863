-- A bid in ONE statement (docs/performance.md, "A bid in one statement"): `place_bid` reads what
-- the app used to read before calling `accept_bid_within_limit` (the bidder, the auction, a block
-- between them, the bidder's bids of the last minute, who leads), makes the same checks in the
-- same order, and either calls `accept_bid` or answers which check refused. The app maps that
-- answer to the message it always gave (bids.service.ts).
--
-- Two helpers restate contract code the checks and the notices need, word for word in effect:
-- `js_trim` is String.prototype.trim (the whitespace and line terminators ECMAScript trims), and
-- `display_name_of` is displayNameOf (packages/contract: 'Ada L.', or 'Anonymous'). A test
-- compares each with its TypeScript twin (test/integration/bid-refusals.test.ts).
CREATE OR REPLACE FUNCTION "js_trim"(p_text text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(p_text, E' \t\n\r\v\f' || U&'\00A0\1680\2000\2001\2002\2003\2004\2005\2006\2007\2008\2009\200A\2028\2029\202F\205F\3000\FEFF')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "display_name_of"(p_first_name text, p_last_name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN COALESCE(js_trim(p_first_name), '') = '' THEN 'Anonymous'
    WHEN COALESCE(js_trim(p_last_name), '') = '' THEN js_trim(p_first_name)
    ELSE js_trim(p_first_name) || ' ' || upper(left(js_trim(p_last_name), 1)) || '.'
  END
$$;
--> statement-breakpoint
-- Refusals, in the order the app always checked them (docs/auctions.md):
--   'unauthorized'  the bidder no longer exists
--   'rate_limited'  BIDS_PER_MINUTE reached (counted under the bidder's advisory lock when the
--                   request may write: the same key and rule as migration 0023)
--   'not_found'     no such auction, or hidden (docs/trust-and-safety.md)
--   'profile'       the bidder's profile is incomplete (isProfileComplete in the contract)
--   'own'           the bidder hosts the auction
--   'blocked'       a block stands between bidder and host, either way
--   'ended'         the auction is not open
--   'card_unknown'  users.card_on_file is false: only the payment provider can tell, so the app
--                   asks it and calls again with p_card_confirmed (stripe_customer_id is answered)
--   'checked'       p_amount is NULL (the request's amounts failed the app's own checks): every
--                   check above passed, nothing was written
--   'refused'       `accept_bid` refused on the locked row (too low, out of bounds, or a race):
--                   the auction columns are the row as it now stands
-- NULL: accepted. The auction columns are set from the first refusal that has an auction.
-- The notice texts are format() templates: %1$s is the bidder's display name, %2$s the auction's
-- title as read when the bid arrived; `accept_bid` then fills in {amount}, {price} and {next}.
CREATE OR REPLACE FUNCTION "place_bid"(
  p_bids_per_minute integer,
  p_auction_id uuid,
  p_bidder_id uuid,
  p_amount numeric,
  p_max_amount numeric,
  p_card_confirmed boolean,
  p_now timestamptz,
  p_soft_end timestamptz,
  p_received_title text,
  p_received_message text,
  p_outbid_title text,
  p_outbid_message text
) RETURNS TABLE (
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
  u record;
  a record;
  r record;
  v_name text;
BEGIN
  accepted := false;
  outbid_by_automatic_bid := false;

  SELECT x.first_name, x.last_name, x.age, x.location, x.sex, x.open_to_dates_with, x.card_on_file,
         x.stripe_customer_id
  INTO u FROM users AS x WHERE x.id = p_bidder_id;
  IF NOT FOUND THEN
    refusal := 'unauthorized';
    RETURN NEXT;
    RETURN;
  END IF;

  -- The bid rate limit (docs/reliability.md, "Atomic rate limits"). A request that may write takes
  -- the bidder's lock first (the key of lib/rate-limit-lock.ts), and the count is a statement of
  -- its own in this VOLATILE function, so under READ COMMITTED it sees every bid committed by
  -- whoever held the lock before: a burst of concurrent bids passes exactly the limit. The lock is
  -- per bidder, so bidders never wait for one another; the auction's row lock is taken last.
  IF p_amount IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('rate-limit:bids:' || p_bidder_id::text, 0));
  END IF;
  IF (SELECT count(*) FROM bids AS b
      WHERE b.bidder_id = p_bidder_id AND b.created_at > clock_timestamp() - interval '1 minute')
     >= p_bids_per_minute THEN
    refusal := 'rate_limited';
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT x.creator_id, x.title, x.current_bid, x.starting_bid, x.bid_count, x.end_time, x.is_active,
         x.closed_at, x.hidden_at, x.buy_now_price
  INTO a FROM auctions AS x WHERE x.id = p_auction_id;
  IF NOT FOUND OR a.hidden_at IS NOT NULL THEN
    refusal := 'not_found';
    RETURN NEXT;
    RETURN;
  END IF;
  creator_id := a.creator_id;
  title := a.title;
  current_bid := a.current_bid::text;
  starting_bid := a.starting_bid::text;
  bid_count := a.bid_count;
  end_time := a.end_time;
  is_active := a.is_active;
  closed_at := a.closed_at;
  buy_now_price := a.buy_now_price::text;

  IF NOT (COALESCE(js_trim(u.first_name), '') <> '' AND COALESCE(js_trim(u.last_name), '') <> ''
          AND u.age IS NOT NULL AND COALESCE(js_trim(u.location), '') <> '' AND u.sex IS NOT NULL
          AND COALESCE(cardinality(u.open_to_dates_with), 0) > 0) THEN
    refusal := 'profile';
  ELSIF a.creator_id = p_bidder_id THEN
    refusal := 'own';
  ELSIF EXISTS (SELECT 1 FROM blocks AS k
                WHERE (k.blocker_id = p_bidder_id AND k.blocked_id = a.creator_id)
                   OR (k.blocker_id = a.creator_id AND k.blocked_id = p_bidder_id)) THEN
    refusal := 'blocked';
  ELSIF NOT (a.closed_at IS NULL AND a.is_active AND a.end_time > p_now) THEN
    refusal := 'ended';
  ELSIF NOT u.card_on_file AND NOT p_card_confirmed THEN
    refusal := 'card_unknown';
    stripe_customer_id := u.stripe_customer_id;
  ELSIF p_amount IS NULL THEN
    refusal := 'checked';
  END IF;
  IF refusal IS NOT NULL THEN
    RETURN NEXT;
    RETURN;
  END IF;

  -- Who leads before this bid (one probe of the (auction, amount) index), so the member it beats
  -- hears it live (docs/realtime.md).
  SELECT b.bidder_id INTO previous_leader_id FROM bids AS b
  WHERE b.auction_id = p_auction_id ORDER BY b.amount DESC LIMIT 1;

  -- The notices name the bidder and the auction as it read when the bid arrived (docs/product.md §4).
  v_name := display_name_of(u.first_name, u.last_name);
  SELECT x.* INTO r FROM accept_bid(p_auction_id, p_bidder_id, p_amount, p_max_amount, p_now, p_soft_end,
    format(p_received_title, v_name, a.title), format(p_received_message, v_name, a.title),
    format(p_outbid_title, v_name, a.title), format(p_outbid_message, v_name, a.title)) AS x;
  IF NOT FOUND THEN
    -- Deleted since the read above.
    refusal := 'not_found';
    RETURN NEXT;
    RETURN;
  END IF;
  refusal := CASE WHEN r.accepted THEN NULL ELSE 'refused' END;
  accepted := r.accepted;
  bid_id := r.bid_id;
  bid_amount := r.bid_amount;
  bid_created_at := r.bid_created_at;
  outbid_by_automatic_bid := r.outbid_by_automatic_bid;
  creator_id := r.creator_id;
  title := r.title;
  current_bid := r.current_bid;
  starting_bid := r.starting_bid;
  bid_count := r.bid_count;
  end_time := r.end_time;
  is_active := r.is_active;
  closed_at := r.closed_at;
  buy_now_price := r.buy_now_price;
  RETURN NEXT;
END $$;
--> statement-breakpoint
-- Replaced by place_bid, which the app calls instead.
DROP FUNCTION IF EXISTS "accept_bid_within_limit"(integer, uuid, uuid, numeric, numeric, timestamptz, timestamptz,
  text, text, text, text);
