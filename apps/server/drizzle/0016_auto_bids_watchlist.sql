CREATE TABLE "auction_watches" (
	"user_id" uuid NOT NULL,
	"auction_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_watches_user_id_auction_id_pk" PRIMARY KEY("user_id","auction_id")
);
--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "leader_id" uuid;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "leader_max" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "watcher_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "max_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "is_automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auction_watches" ADD CONSTRAINT "auction_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_watches" ADD CONSTRAINT "auction_watches_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_watches_auction_idx" ON "auction_watches" USING btree ("auction_id");--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Before automatic bids every bid was its own maximum: the leader is the highest bidder so far.
UPDATE "auctions" AS a
SET leader_id = top.bidder_id, leader_max = a.current_bid
FROM (
  SELECT DISTINCT ON (b.auction_id) b.auction_id, b.bidder_id
  FROM "bids" AS b
  ORDER BY b.auction_id, b.amount DESC, b.created_at ASC, b.id ASC
) AS top
WHERE top.auction_id = a.id AND a.bid_count > 0;
--> statement-breakpoint
DROP FUNCTION IF EXISTS "accept_bid"(uuid, uuid, numeric, timestamptz, timestamptz, text, text, text, text);
--> statement-breakpoint
-- "51" for whole dollars, "51.50" otherwise (formatAmountPlain in packages/contract).
CREATE OR REPLACE FUNCTION "plain_amount"(p numeric) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p = trunc(p) THEN trunc(p)::text ELSE to_char(p, 'FM999999990.00') END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bid_notice_text"(p_text text, p_amount numeric, p_price numeric) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT replace(replace(replace(p_text, '{amount}', plain_amount(p_amount)), '{price}', plain_amount(p_price)),
    '{next}', plain_amount(p_price + 1))
$$;
--> statement-breakpoint
-- Automatic (maximum) bids, decided under the auction's row lock (docs/decisions/0005-accept-bid-function.md,
-- docs/auctions.md). The same fold as `applyBidRequest` in packages/contract/src/auto-bids.ts.
-- The notice texts may hold {amount} (the bidder's visible bid), {price} (the new current bid) and
-- {next} (the new minimum), filled in here because only this function knows them.
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

  INSERT INTO notifications AS n (user_id, type, title, message, related_auction_id, related_user_id)
  VALUES (a.creator_id, 'bid_received', p_received_title, bid_notice_text(p_received_message, v_own_amount, v_price),
    p_auction_id, p_bidder_id);
  IF v_outbid IS NOT NULL THEN
    INSERT INTO notifications AS n (user_id, type, title, message, related_auction_id, related_user_id)
    VALUES (v_outbid, 'outbid', p_outbid_title, bid_notice_text(p_outbid_message, v_own_amount, v_price),
      p_auction_id, p_bidder_id);
  END IF;

  RETURN QUERY SELECT true, v_bid_id, v_own_amount::text, v_bid_at, v_answered, a.creator_id, a.title::text,
    v_price::text, a.starting_bid::text, a.bid_count + v_rows, v_end, a.is_active, a.closed_at, a.buy_now_price::text;
END;
$$;
