CREATE TABLE "profile_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"sort_order" integer NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "cover_image_url" text;--> statement-breakpoint
ALTER TABLE "profile_photos" ADD CONSTRAINT "profile_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_photos_user_position_idx" ON "profile_photos" USING btree ("user_id","sort_order");--> statement-breakpoint
-- A profile picture set before photos existed becomes its member's first photo.
INSERT INTO "profile_photos" ("id", "user_id", "sort_order", "url")
SELECT substring("profile_image_url" from '^/api/objects/images/([0-9a-f-]{36})')::uuid, "id", 0, "profile_image_url"
FROM "users"
WHERE "profile_image_url" ~ '^/api/objects/images/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-1280)?\.jpg$';
