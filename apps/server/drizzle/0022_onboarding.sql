ALTER TABLE "users" ADD COLUMN "onboarding" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Accounts made before onboarding existed never saw it after their sign-up: they are not sent
-- through it now (docs/accounts.md "Onboarding"); only accounts created from here on start with none.
UPDATE "users" SET "onboarding" = '{"photo":"skipped","card":"skipped","notifications":"skipped"}'::jsonb;
