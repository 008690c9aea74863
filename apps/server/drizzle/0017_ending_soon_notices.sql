CREATE TABLE "ending_soon_notices" (
	"auction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ending_soon_notices_auction_id_user_id_pk" PRIMARY KEY("auction_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "ending_soon_notices" ADD CONSTRAINT "ending_soon_notices_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ending_soon_notices" ADD CONSTRAINT "ending_soon_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Auctions already told keep their members told: no second notice after this migration.
INSERT INTO "ending_soon_notices" (auction_id, user_id)
SELECT DISTINCT b.auction_id, b.bidder_id
FROM "bids" b JOIN "auctions" a ON a.id = b.auction_id
WHERE a.ending_soon_notified_at IS NOT NULL
ON CONFLICT DO NOTHING;
