ALTER TYPE "public"."moderation_action" ADD VALUE 'hide_review';--> statement-breakpoint
ALTER TYPE "public"."moderation_action" ADD VALUE 'overturn_no_show';--> statement-breakpoint
ALTER TYPE "public"."moderation_action" ADD VALUE 'lift_hosting_suspension';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'feedback_request';--> statement-breakpoint
ALTER TYPE "public"."report_reason" ADD VALUE 'unsafe_date';--> statement-breakpoint
ALTER TYPE "public"."report_reason" ADD VALUE 'no_show';--> statement-breakpoint
ALTER TYPE "public"."report_target_type" ADD VALUE 'date';--> statement-breakpoint
ALTER TYPE "public"."report_target_type" ADD VALUE 'review';--> statement-breakpoint
CREATE TABLE "date_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"met" varchar(20),
	"felt_safe" boolean,
	"again" boolean,
	"rating" smallint,
	"review" varchar(1000),
	"submitted_at" timestamp with time zone NOT NULL,
	"response" varchar(500),
	"responded_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"no_show_overturned_at" timestamp with time zone,
	"private_deleted_at" timestamp with time zone,
	CONSTRAINT "date_feedback_rating_range" CHECK ("date_feedback"."rating" IS NULL OR "date_feedback"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "date_feedback_met_values" CHECK ("date_feedback"."met" IS NULL OR "date_feedback"."met" IN ('yes', 'they_did_not_show', 'i_did_not_go')),
	CONSTRAINT "date_feedback_review_has_rating" CHECK ("date_feedback"."review" IS NULL OR "date_feedback"."rating" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "date_feedback_windows" (
	"auction_id" uuid PRIMARY KEY NOT NULL,
	"host_id" uuid NOT NULL,
	"winner_id" uuid NOT NULL,
	"host_no_show" boolean DEFAULT false NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hosting_suspensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"no_shows" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "member_reputations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"dates_completed" integer DEFAULT 0 NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "date_feedback" ADD CONSTRAINT "date_feedback_auction_id_date_feedback_windows_auction_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."date_feedback_windows"("auction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_feedback" ADD CONSTRAINT "date_feedback_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_feedback" ADD CONSTRAINT "date_feedback_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_feedback_windows" ADD CONSTRAINT "date_feedback_windows_auction_id_auction_dates_auction_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auction_dates"("auction_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_feedback_windows" ADD CONSTRAINT "date_feedback_windows_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_feedback_windows" ADD CONSTRAINT "date_feedback_windows_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_suspensions" ADD CONSTRAINT "hosting_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosting_suspensions" ADD CONSTRAINT "hosting_suspensions_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reputations" ADD CONSTRAINT "member_reputations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "date_feedback_one_per_author" ON "date_feedback" USING btree ("auction_id","author_id");--> statement-breakpoint
CREATE INDEX "date_feedback_subject_idx" ON "date_feedback" USING btree ("subject_id","submitted_at");--> statement-breakpoint
CREATE INDEX "date_feedback_author_idx" ON "date_feedback" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "date_feedback_windows_host_idx" ON "date_feedback_windows" USING btree ("host_id","opens_at");--> statement-breakpoint
CREATE INDEX "date_feedback_windows_winner_idx" ON "date_feedback_windows" USING btree ("winner_id","opens_at");--> statement-breakpoint
CREATE INDEX "date_feedback_windows_remind_idx" ON "date_feedback_windows" USING btree ("opens_at") WHERE "date_feedback_windows"."reminded_at" IS NULL AND "date_feedback_windows"."revealed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "date_feedback_windows_reveal_idx" ON "date_feedback_windows" USING btree ("closes_at") WHERE "date_feedback_windows"."revealed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "hosting_suspensions_one_open" ON "hosting_suspensions" USING btree ("user_id") WHERE "hosting_suspensions"."lifted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "hosting_suspensions_user_idx" ON "hosting_suspensions" USING btree ("user_id","created_at");--> statement-breakpoint
-- Issue 35: the request for feedback after a date (and its reminder) leaves the app as
-- `feedback_request` (OUT_OF_APP_NOTIFICATION_TYPES in the contract), on by default. The outbox
-- writer of 0019 gets the new type in both of its lists.
CREATE OR REPLACE FUNCTION enqueue_notification_deliveries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_deliveries (notification_id, user_id, channel)
  SELECT n.id, n.user_id, 'email'
  FROM new_notifications n
  WHERE n.type::text = ANY (ARRAY['outbid', 'auction_won', 'auction_lost', 'auction_ending_soon', 'bid_received',
      'payment_failed', 'message_received', 'date_plan', 'date_reminder', 'refund', 'payout', 'report_resolved',
      'account_inactive', 'feedback_request'])
    AND NOT EXISTS (
      SELECT 1 FROM notification_preferences p WHERE p.user_id = n.user_id AND p.type = n.type AND NOT p.email);

  INSERT INTO notification_deliveries (notification_id, user_id, channel, push_subscription_id)
  SELECT n.id, n.user_id, 'push', s.id
  FROM new_notifications n
  JOIN push_subscriptions s ON s.user_id = n.user_id
  WHERE n.type::text = ANY (ARRAY['outbid', 'auction_won', 'auction_lost', 'auction_ending_soon', 'bid_received',
      'payment_failed', 'message_received', 'date_plan', 'date_reminder', 'refund', 'payout', 'report_resolved',
      'account_inactive', 'feedback_request'])
    AND NOT EXISTS (
      SELECT 1 FROM notification_preferences p WHERE p.user_id = n.user_id AND p.type = n.type AND NOT p.push);
  RETURN NULL;
END;
$$;
