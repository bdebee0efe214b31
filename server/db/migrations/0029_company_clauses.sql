ALTER TABLE "companies" ADD COLUMN "clauses_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "clauses_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "clauses" jsonb DEFAULT '{"en":[],"ar":[]}'::jsonb NOT NULL;