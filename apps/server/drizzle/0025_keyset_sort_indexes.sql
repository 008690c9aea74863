-- Keyset pages for the auction list (docs/performance.md, "Keyset pages"): the two sorts that run
-- their key downwards and the tie-breakers upwards (most-popular, price-high) index the negated key,
-- so every column runs one way, the list orders by exactly these columns, and a cursor is one row
-- comparison the index starts from. The old popularity index (bid_count DESC, ...) is replaced.
DROP INDEX "auctions_active_popular_idx";--> statement-breakpoint
CREATE INDEX "auctions_active_popular_key_idx" ON "auctions" USING btree ((-"bid_count"),"end_time","id") WHERE "auctions"."is_active";--> statement-breakpoint
CREATE INDEX "auctions_active_price_high_key_idx" ON "auctions" USING btree ((-"current_bid"),"end_time","id") WHERE "auctions"."is_active";