ALTER TABLE "contracts" DROP COLUMN "company";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "company";