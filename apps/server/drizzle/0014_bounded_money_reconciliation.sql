CREATE TABLE "payment_webhook_events" (
	"event_id" varchar(255) PRIMARY KEY NOT NULL,
	"type" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_payments" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_transfers" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "hidden_by_suspension" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "attempt_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_payments_charge_idx" ON "sandbox_payments" USING btree (("metadata"->>'chargeId'));--> statement-breakpoint
-- Duplicates stored before the unique index existed (a check-then-insert race): the earliest open
-- report of each reporter and target stays open, later copies are closed as dismissed duplicates.
UPDATE "reports" r SET "status" = 'resolved', "resolved_at" = now(), "action" = 'dismiss',
  "resolution_reasons" = 'Duplicate of an earlier open report by the same member.'
WHERE r."status" = 'open' AND r."reporter_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "reports" e
  WHERE e."status" = 'open' AND e."reporter_id" = r."reporter_id" AND e."target_type" = r."target_type"
    AND e."target_id" = r."target_id" AND (e."created_at", e."id") < (r."created_at", r."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_per_reporter_target" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';