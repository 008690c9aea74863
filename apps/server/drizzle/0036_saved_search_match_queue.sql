CREATE TABLE "pending_auction_announcements" (
	"auction_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_auction_announcements" ADD CONSTRAINT "pending_auction_announcements_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_auction_announcements_created_idx" ON "pending_auction_announcements" USING btree ("created_at");