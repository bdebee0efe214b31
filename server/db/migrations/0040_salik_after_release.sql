-- Salik crossings that come after the deposit's release are charged to the saved card, a week after the
-- renter is told: when, on which card, in which charge, and when it was.
ALTER TABLE "authority_records" ADD COLUMN "card_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "authority_records" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "authority_records" ADD COLUMN "card_batch" text;--> statement-breakpoint
ALTER TABLE "authority_records" ADD COLUMN "card_tried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "authority_records" ADD COLUMN "card_charged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "authority_records" ADD COLUMN "card_reference" text;--> statement-breakpoint
CREATE INDEX "authority_records_card_due_idx" ON "authority_records" USING btree ("card_due_at") WHERE "authority_records"."card_charged_at" is null;