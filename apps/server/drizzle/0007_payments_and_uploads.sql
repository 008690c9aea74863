ALTER TYPE "public"."notification_type" ADD VALUE 'payment_succeeded';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'payment_failed';--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"payer_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"fee" numeric(10, 2) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"provider_payment_id" varchar(255),
	"failure_code" varchar(64),
	"failure_message" text,
	"pay_by" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_status_valid" CHECK ("charges"."status" IN ('offered', 'pending', 'processing', 'succeeded', 'failed', 'expired', 'refunded')),
	CONSTRAINT "charges_amount_positive" CHECK ("charges"."amount" > 0),
	CONSTRAINT "charges_fee_range" CHECK ("charges"."fee" >= 0 AND "charges"."fee" <= "charges"."amount")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" varchar(32) NOT NULL,
	"user_id" uuid,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(16) NOT NULL,
	"charge_id" uuid,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_kind_valid" CHECK ("ledger_transactions"."kind" IN ('charge', 'refund', 'payout'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"customer_id" varchar(64),
	"brand" varchar(32) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"charge_behavior" varchar(32) NOT NULL,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"customer_id" varchar(64) NOT NULL,
	"payment_method_id" varchar(64),
	"amount_cents" integer NOT NULL,
	"status" varchar(32) NOT NULL,
	"decline_code" varchar(64),
	"decline_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_setup_intents" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"client_secret" varchar(128) NOT NULL,
	"customer_id" varchar(64) NOT NULL,
	"status" varchar(32) DEFAULT 'requires_payment_method' NOT NULL,
	"payment_method_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_setup_intents_client_secret_unique" UNIQUE("client_secret")
);
--> statement-breakpoint
CREATE TABLE "upload_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"object_key" varchar(255) NOT NULL,
	"upload_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_grants_object_key_unique" UNIQUE("object_key"),
	CONSTRAINT "upload_grants_upload_url_unique" UNIQUE("upload_url")
);
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_grants" ADD CONSTRAINT "upload_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_auction_payer_key" ON "charges" USING btree ("auction_id","payer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_one_live_per_auction" ON "charges" USING btree ("auction_id") WHERE "charges"."status" <> 'expired';--> statement-breakpoint
CREATE INDEX "charges_due_idx" ON "charges" USING btree ("locked_until") WHERE "charges"."status" IN ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "charges_open_pay_by_idx" ON "charges" USING btree ("pay_by") WHERE "charges"."status" IN ('failed', 'offered');--> statement-breakpoint
CREATE INDEX "charges_payer_created_idx" ON "charges" USING btree ("payer_id","created_at");--> statement-breakpoint
CREATE INDEX "charges_payee_created_idx" ON "charges" USING btree ("payee_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_user_idx" ON "ledger_entries" USING btree ("account","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_one_charge_booking" ON "ledger_transactions" USING btree ("charge_id") WHERE "ledger_transactions"."kind" = 'charge';--> statement-breakpoint
CREATE INDEX "sandbox_payment_methods_customer_idx" ON "sandbox_payment_methods" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_payments_customer_idx" ON "sandbox_payments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sandbox_setup_intents_customer_idx" ON "sandbox_setup_intents" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "upload_grants_user_created_idx" ON "upload_grants" USING btree ("user_id","created_at");--> statement-breakpoint
-- docs/engineering.md §5: every ledger transaction's debits equal its credits. Checked at commit (deferred),
-- so a transaction's legs can be inserted one by one, but none can commit unbalanced.
CREATE FUNCTION "public"."ledger_assert_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced numeric;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO unbalanced
  FROM ledger_entries
  WHERE transaction_id = coalesce(NEW.transaction_id, OLD.transaction_id);
  IF unbalanced <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced by %', coalesce(NEW.transaction_id, OLD.transaction_id), unbalanced
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced"
  AFTER INSERT OR UPDATE OR DELETE ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "public"."ledger_assert_balanced"();
