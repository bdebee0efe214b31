ALTER TABLE "companies" ADD COLUMN "previous_api_key_hash" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "previous_key_until" timestamp with time zone;