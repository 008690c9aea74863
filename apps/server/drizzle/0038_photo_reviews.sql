CREATE TABLE "photo_reviews" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"auction_id" uuid,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"scores" jsonb,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "photo_reviews_status_valid" CHECK ("photo_reviews"."status" IN ('approved', 'pending', 'rejected')),
	CONSTRAINT "photo_reviews_kind_valid" CHECK ("photo_reviews"."kind" IN ('profile_photo', 'auction_cover')),
	CONSTRAINT "photo_reviews_cover_has_auction" CHECK (("photo_reviews"."kind" = 'auction_cover') = ("photo_reviews"."auction_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "photo_reviews" ADD CONSTRAINT "photo_reviews_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_reviews" ADD CONSTRAINT "photo_reviews_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_reviews" ADD CONSTRAINT "photo_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_reviews_pending_idx" ON "photo_reviews" USING btree ("created_at") WHERE "photo_reviews"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "photo_reviews_pending_auction_idx" ON "photo_reviews" USING btree ("auction_id") WHERE "photo_reviews"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "photo_reviews_owner_idx" ON "photo_reviews" USING btree ("owner_id");