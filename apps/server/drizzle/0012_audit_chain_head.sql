CREATE TABLE "audit_chain_head" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"sequence" bigint NOT NULL,
	"entry_hash" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_chain_head_single_row" CHECK ("audit_chain_head"."id" = 1)
);

--> statement-breakpoint
-- A database with a chain already: its head is the newest entry as it stands today.
INSERT INTO "audit_chain_head" ("id", "sequence", "entry_hash")
SELECT 1, "sequence", "entry_hash" FROM "audit_logs" ORDER BY "sequence" DESC LIMIT 1;