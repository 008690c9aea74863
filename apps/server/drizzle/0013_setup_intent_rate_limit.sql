ALTER TABLE "users" ADD COLUMN "setup_intent_window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "setup_intent_count" integer DEFAULT 0 NOT NULL;