CREATE TYPE "public"."audit_action" AS ENUM('upload', 'download', 'verify', 'delete', 'access_granted', 'access_denied', 'login', 'logout', 'verification_start', 'verification_complete', 'document_secured');--> statement-breakpoint
CREATE TYPE "public"."audit_outcome" AS ENUM('success', 'failure', 'denied');--> statement-breakpoint
CREATE TYPE "public"."compliance_level" AS ENUM('ial1', 'ial2', 'ial3');--> statement-breakpoint
CREATE TYPE "public"."date_type" AS ENUM('coffee', 'dinner', 'activity', 'virtual');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('bid_received', 'outbid', 'auction_won', 'auction_lost', 'message_received', 'auction_ending_soon');--> statement-breakpoint
CREATE TYPE "public"."payment_responsibility" AS ENUM('50_50', 'winner_pays', 'creator_pays');--> statement-breakpoint
CREATE TYPE "public"."sex" AS ENUM('male', 'female', 'other');--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(320),
	"password_hash" text,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"profile_image_url" text,
	"bio" varchar(500),
	"age" integer,
	"location" varchar(255),
	"country" varchar(100),
	"zip_code" varchar(20),
	"latitude" numeric(10, 8),
	"longitude" numeric(11, 8),
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"sex" "sex",
	"open_to_dates_with" "sex"[] DEFAULT '{}'::sex[] NOT NULL,
	"stripe_customer_id" varchar(255),
	"identity_verification_status" varchar(32) DEFAULT 'unverified' NOT NULL,
	"identity_verification_step" varchar(64),
	"id_document_type" varchar(64),
	"id_document_front_url" text,
	"id_document_back_url" text,
	"biometric_selfie_url" text,
	"verification_confidence_score" numeric(5, 4),
	"verification_details" jsonb,
	"verification_attempted_at" timestamp with time zone,
	"verification_completed_at" timestamp with time zone,
	"requires_manual_review" boolean DEFAULT false NOT NULL,
	"reviewer_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_age_range" CHECK ("users"."age" IS NULL OR "users"."age" BETWEEN 18 AND 100),
	CONSTRAINT "users_email_format" CHECK ("users"."email" IS NULL OR "users"."email" ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$')
);
--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text NOT NULL,
	"date_type" date_type NOT NULL,
	"location" varchar(255),
	"latitude" numeric(10, 8),
	"longitude" numeric(11, 8),
	"location_radius" integer DEFAULT 25 NOT NULL,
	"starting_bid" numeric(10, 2) NOT NULL,
	"current_bid" numeric(10, 2) NOT NULL,
	"buy_now_price" numeric(10, 2),
	"payment_responsibility" "payment_responsibility" DEFAULT '50_50' NOT NULL,
	"payment_notes" varchar(500),
	"expected_duration" integer DEFAULT 15 NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"winner_id" uuid,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auctions_radius_range" CHECK ("auctions"."location_radius" BETWEEN 1 AND 500),
	CONSTRAINT "auctions_starting_bid_min" CHECK ("auctions"."starting_bid" >= 1),
	CONSTRAINT "auctions_current_bid_nonnegative" CHECK ("auctions"."current_bid" >= 0),
	CONSTRAINT "auctions_buy_now_positive" CHECK ("auctions"."buy_now_price" IS NULL OR "auctions"."buy_now_price" > 0),
	CONSTRAINT "auctions_duration_range" CHECK ("auctions"."expected_duration" BETWEEN 15 AND 10080 AND "auctions"."expected_duration" % 15 = 0),
	CONSTRAINT "auctions_bid_count_nonnegative" CHECK ("auctions"."bid_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"bidder_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_amount_positive" CHECK ("bids"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" varchar(128) NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"content" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "notification_type" NOT NULL,
	"title" varchar(255) NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"related_auction_id" uuid,
	"related_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"action" "audit_action" NOT NULL,
	"resource" varchar(100) NOT NULL,
	"resource_id" varchar(255),
	"outcome" "audit_outcome" NOT NULL,
	"details" jsonb,
	"client_ip" varchar(64),
	"user_agent" text,
	"session_id" varchar(128),
	"previous_hash" varchar(64),
	"entry_hash" varchar(64) NOT NULL,
	"sequence" bigint NOT NULL,
	"retention_date" timestamp with time zone,
	"compliance_level" "compliance_level" DEFAULT 'ial2' NOT NULL,
	CONSTRAINT "audit_logs_sequence_unique" UNIQUE("sequence")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(128) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp (6) with time zone NOT NULL,
	"user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_bidder_id_users_id_fk" FOREIGN KEY ("bidder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_related_auction_id_auctions_id_fk" FOREIGN KEY ("related_auction_id") REFERENCES "public"."auctions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_related_user_id_users_id_fk" FOREIGN KEY ("related_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auctions_active_end_time_idx" ON "auctions" USING btree ("end_time") WHERE "auctions"."is_active";--> statement-breakpoint
CREATE INDEX "auctions_active_current_bid_idx" ON "auctions" USING btree ("current_bid") WHERE "auctions"."is_active";--> statement-breakpoint
CREATE INDEX "auctions_active_created_at_idx" ON "auctions" USING btree ("created_at") WHERE "auctions"."is_active";--> statement-breakpoint
CREATE INDEX "auctions_active_bid_count_idx" ON "auctions" USING btree ("bid_count") WHERE "auctions"."is_active";--> statement-breakpoint
CREATE INDEX "auctions_location_idx" ON "auctions" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "auctions_creator_idx" ON "auctions" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "auctions_winner_idx" ON "auctions" USING btree ("winner_id");--> statement-breakpoint
CREATE INDEX "bids_auction_created_idx" ON "bids" USING btree ("auction_id","created_at");--> statement-breakpoint
CREATE INDEX "bids_auction_amount_idx" ON "bids" USING btree ("auction_id","amount");--> statement-breakpoint
CREATE INDEX "bids_bidder_created_idx" ON "bids" USING btree ("bidder_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_receiver_read_idx" ON "messages" USING btree ("receiver_id","is_read");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE NOT "notifications"."is_read";--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");