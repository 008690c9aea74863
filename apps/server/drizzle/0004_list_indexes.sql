DROP INDEX "auctions_active_current_bid_idx";--> statement-breakpoint
DROP INDEX "auctions_active_bid_count_idx";--> statement-breakpoint
DROP INDEX "auctions_active_end_time_idx";--> statement-breakpoint
DROP INDEX "auctions_active_created_at_idx";--> statement-breakpoint
CREATE INDEX "auctions_active_price_idx" ON "auctions" USING btree ("current_bid","end_time","id") WHERE "auctions"."is_active";--> statement-breakpoint
CREATE INDEX "auctions_active_popular_idx" ON "auctions" USING btree ("bid_count" DESC NULLS LAST,"end_time","id") WHERE "auctions"."is_active";--> statement-breakpoint
CREATE INDEX "auctions_active_end_time_idx" ON "auctions" USING btree ("end_time","id") WHERE "auctions"."is_active";--> statement-breakpoint
CREATE INDEX "auctions_active_created_at_idx" ON "auctions" USING btree ("created_at","id") WHERE "auctions"."is_active";