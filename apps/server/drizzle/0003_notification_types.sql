ALTER TYPE "public"."notification_type" ADD VALUE 'auction_ended';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'auction_updated';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'auction_cancelled';