ALTER TABLE "users" ADD COLUMN "emirates_id_expiry" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licence_expiry" text;