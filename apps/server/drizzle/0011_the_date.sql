ALTER TYPE "public"."notification_type" ADD VALUE 'date_plan';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'date_reminder';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'date_mode';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'refund';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'payout';--> statement-breakpoint
CREATE TABLE "auction_dates" (
	"auction_id" uuid PRIMARY KEY NOT NULL,
	"charge_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"winner_id" uuid NOT NULL,
	"proposed_place" varchar(200),
	"proposed_starts_at" timestamp with time zone,
	"proposed_by" uuid,
	"proposed_at" timestamp with time zone,
	"place" varchar(200),
	"starts_at" timestamp with time zone,
	"agreed_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"host_arrived_at" timestamp with time zone,
	"winner_arrived_at" timestamp with time zone,
	"host_safe_at" timestamp with time zone,
	"winner_safe_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"settlement_reason" varchar(32),
	"settled_fee" numeric(10, 2),
	"settled_host_share" numeric(10, 2),
	"settled_refund" numeric(10, 2),
	"minutes_together" integer,
	"dispute_until" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_dates_charge_id_unique" UNIQUE("charge_id"),
	CONSTRAINT "auction_dates_settlement_sums" CHECK ("auction_dates"."settlement_reason" IS NULL OR ("auction_dates"."settled_fee" >= 0 AND "auction_dates"."settled_host_share" >= 0 AND "auction_dates"."settled_refund" >= 0))
);
--> statement-breakpoint
CREATE TABLE "date_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "date_share_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"account_id" varchar(255) NOT NULL,
	"status" varchar(16) DEFAULT 'onboarding' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"host_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" varchar(16) NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"provider_transfer_id" varchar(255),
	"failure_message" text,
	"locked_until" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_auction_id_unique" UNIQUE("auction_id"),
	CONSTRAINT "payouts_status_valid" CHECK ("payouts"."status" IN ('awaiting_account', 'pending', 'processing', 'paid', 'failed')),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"amount" numeric(10, 2),
	"note" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_requests_status_valid" CHECK ("refund_requests"."status" IN ('open', 'granted', 'partial', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"payer_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"provider_refund_id" varchar(255),
	"failure_message" text,
	"locked_until" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_charge_id_unique" UNIQUE("charge_id"),
	CONSTRAINT "refunds_status_valid" CHECK ("refunds"."status" IN ('pending', 'processing', 'succeeded', 'failed')),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payout_accounts" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"status" varchar(16) DEFAULT 'onboarding' NOT NULL,
	"bank_last4" varchar(4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payout_accounts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"payment_id" varchar(64) NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"account_id" varchar(64) NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_kind_valid";--> statement-breakpoint
DROP INDEX "ledger_transactions_one_charge_booking";--> statement-breakpoint
ALTER TABLE "auction_dates" ADD CONSTRAINT "auction_dates_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_dates" ADD CONSTRAINT "auction_dates_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_dates" ADD CONSTRAINT "auction_dates_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_dates" ADD CONSTRAINT "auction_dates_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_dates" ADD CONSTRAINT "auction_dates_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_share_links" ADD CONSTRAINT "date_share_links_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_share_links" ADD CONSTRAINT "date_share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_dates_host_idx" ON "auction_dates" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "auction_dates_winner_idx" ON "auction_dates" USING btree ("winner_id","created_at");--> statement-breakpoint
CREATE INDEX "auction_dates_unsettled_start_idx" ON "auction_dates" USING btree ("starts_at") WHERE "auction_dates"."settlement_reason" IS NULL AND "auction_dates"."starts_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "auction_dates_release_due_idx" ON "auction_dates" USING btree ("dispute_until") WHERE "auction_dates"."settlement_reason" IS NOT NULL AND "auction_dates"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "date_share_links_auction_idx" ON "date_share_links" USING btree ("auction_id");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("locked_until") WHERE "payouts"."status" IN ('pending', 'processing', 'failed');--> statement-breakpoint
CREATE INDEX "payouts_host_status_idx" ON "payouts" USING btree ("host_id","status");--> statement-breakpoint
CREATE INDEX "payouts_awaiting_account_idx" ON "payouts" USING btree ("reminded_at") WHERE "payouts"."status" = 'awaiting_account';--> statement-breakpoint
CREATE INDEX "payouts_host_created_idx" ON "payouts" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_one_per_auction" ON "refund_requests" USING btree ("auction_id");--> statement-breakpoint
CREATE INDEX "refund_requests_open_idx" ON "refund_requests" USING btree ("created_at","id") WHERE "refund_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("locked_until") WHERE "refunds"."status" IN ('pending', 'processing', 'failed');--> statement-breakpoint
CREATE INDEX "refunds_payer_created_idx" ON "refunds" USING btree ("payer_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment_idx" ON "sandbox_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_one_booking_per_kind" ON "ledger_transactions" USING btree ("charge_id","kind") WHERE "ledger_transactions"."charge_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_kind_valid" CHECK ("ledger_transactions"."kind" IN ('charge', 'release', 'refund', 'payout'));--> statement-breakpoint
-- Dates already paid for before this migration get their row, as a newly paid one does.
INSERT INTO "auction_dates" ("auction_id", "charge_id", "host_id", "winner_id")
SELECT "auction_id", "id", "payee_id", "payer_id" FROM "charges" WHERE "status" = 'succeeded'
ON CONFLICT DO NOTHING;