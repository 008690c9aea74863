ALTER TABLE "auctions" ADD COLUMN "host_score" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "auctions_active_host_score_key_idx" ON "auctions" USING btree ((-"host_score"),"end_time","id") WHERE "auctions"."is_active";--> statement-breakpoint
-- Browse's "Best hosts" order (docs/the-date.md "Best hosts"): the contract's hostScore(reputationOf(counts)),
-- in the same double-precision arithmetic as the browser (Math.round(x) is floor(x + 0.5) for these
-- non-negative figures), so the server's order and a card's figures never disagree. Top hosts, then the
-- show-up rate, the average rating and the dates completed, a known figure above an unknown one; 0 for a
-- host with no date yet.
CREATE OR REPLACE FUNCTION host_score_of(dates integer, no_shows integer, review_count integer, rating_sum integer)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN dates <= 0 THEN 0::bigint ELSE
      (CASE WHEN dates >= 5 AND rate >= 0.95::float8 AND rating >= 4.7::float8 THEN 1000000000000 ELSE 0 END)
      + (CASE WHEN rate IS NULL THEN 0 ELSE floor(rate * 1000 + 0.5)::bigint + 1 END) * 100000000
      + (CASE WHEN rating IS NULL THEN 0 ELSE floor(rating * 10 + 0.5)::bigint + 1 END) * 100000
      + least(dates, 99999)
    END
  FROM (SELECT
      CASE WHEN dates >= 3 THEN floor(((dates - least(no_shows, dates))::float8 / dates) * 1000 + 0.5) / 1000 END AS rate,
      CASE WHEN review_count >= 3 THEN floor((rating_sum::float8 / review_count) * 10 + 0.5) / 10 END AS rating
  ) figures
$$;--> statement-breakpoint
UPDATE auctions a
SET host_score = host_score_of(r.dates_completed, r.no_shows, r.review_count, r.rating_sum)
FROM member_reputations r
WHERE r.user_id = a.creator_id AND a.is_active;
