ALTER TABLE "users" ADD COLUMN "bio_review_status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio_review_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bio_review_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "review_status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "review_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sent_after_warning" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "auctions_review_pending_idx" ON "auctions" USING btree ("created_at","id") WHERE "auctions"."review_status" = 'pending';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bio_review_status_valid" CHECK ("users"."bio_review_status" IN ('approved', 'pending', 'rejected'));--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_review_status_valid" CHECK ("auctions"."review_status" IN ('approved', 'pending', 'rejected'));