ALTER TYPE "public"."notification_type" ADD VALUE 'saved_search_match';--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_search_id" uuid NOT NULL,
	"auction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"notification_id" uuid,
	"matched_at" timestamp with time zone NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_auction_id_pk" PRIMARY KEY("saved_search_id","auction_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" varchar(60) NOT NULL,
	"query" varchar(100),
	"date_type" varchar(16) DEFAULT 'all' NOT NULL,
	"price_range" varchar(8) DEFAULT 'any' NOT NULL,
	"location" varchar(255),
	"radius_miles" integer,
	"latitude" numeric(10, 8),
	"longitude" numeric(11, 8),
	"area" "box",
	"last_emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_dates" ADD COLUMN "plan_agreements" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_notification_idx" ON "saved_search_matches" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "saved_search_matches_auction_idx" ON "saved_search_matches" USING btree ("auction_id");--> statement-breakpoint
CREATE INDEX "saved_search_matches_unemailed_idx" ON "saved_search_matches" USING btree ("saved_search_id","matched_at") WHERE "saved_search_matches"."emailed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_area_idx" ON "saved_searches" USING gist ("area") WHERE "saved_searches"."area" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "saved_searches_anywhere_idx" ON "saved_searches" USING btree ("date_type","price_range") WHERE "saved_searches"."area" IS NULL;--> statement-breakpoint
-- The outbox writer of migration 0019 with 'feedback_request' (0033) and 'saved_search_match' among the types that leave the
-- app (OUT_OF_APP_NOTIFICATION_TYPES; test/integration/notification-email.test.ts checks they agree).
CREATE OR REPLACE FUNCTION enqueue_notification_deliveries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_deliveries (notification_id, user_id, channel)
  SELECT n.id, n.user_id, 'email'
  FROM new_notifications n
  WHERE n.type::text = ANY (ARRAY['outbid', 'auction_won', 'auction_lost', 'auction_ending_soon', 'bid_received',
      'payment_failed', 'message_received', 'date_plan', 'date_reminder', 'refund', 'payout', 'report_resolved',
      'account_inactive', 'feedback_request', 'saved_search_match'])
    AND NOT EXISTS (
      SELECT 1 FROM notification_preferences p WHERE p.user_id = n.user_id AND p.type = n.type AND NOT p.email);

  INSERT INTO notification_deliveries (notification_id, user_id, channel, push_subscription_id)
  SELECT n.id, n.user_id, 'push', s.id
  FROM new_notifications n
  JOIN push_subscriptions s ON s.user_id = n.user_id
  WHERE n.type::text = ANY (ARRAY['outbid', 'auction_won', 'auction_lost', 'auction_ending_soon', 'bid_received',
      'payment_failed', 'message_received', 'date_plan', 'date_reminder', 'refund', 'payout', 'report_resolved',
      'account_inactive', 'feedback_request', 'saved_search_match'])
    AND NOT EXISTS (
      SELECT 1 FROM notification_preferences p WHERE p.user_id = n.user_id AND p.type = n.type AND NOT p.push);
  RETURN NULL;
END;
$$;
