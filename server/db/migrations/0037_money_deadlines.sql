ALTER TABLE "bookings" ADD COLUMN "page_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_renew_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_renewal_failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_page_closes_idx" ON "bookings" USING btree ("page_closes_at") WHERE "bookings"."page_closes_at" is not null;--> statement-breakpoint
CREATE INDEX "bookings_hold_renew_idx" ON "bookings" USING btree ("hold_renew_at") WHERE "bookings"."hold_renew_at" is not null;--> statement-breakpoint
-- The jobs read these columns, not the stored journey (an index each, and no SQL that breaks when the
-- journey's shape changes); bookings saved before them get them once, here, as saveJourney writes them.
UPDATE "bookings" SET "page_closes_at" = to_timestamp(("journey" #>> '{snapshot,context,paymentSession,expiresAt}')::bigint / 1000.0)
  WHERE "journey" #>> '{snapshot,context,paymentSession,expiresAt}' IS NOT NULL;--> statement-breakpoint
UPDATE "bookings" SET "hold_renew_at" = to_timestamp(("journey" #>> '{snapshot,context,deposit,captureBefore}')::bigint / 1000.0) - interval '2 days'
  WHERE "journey" #>> '{snapshot,context,deposit,captureBefore}' IS NOT NULL
    AND coalesce("journey" #>> '{snapshot,context,deposit,reference}', '') <> ''
    AND "journey" #>> '{snapshot,context,refund}' IS NULL
    AND "journey" #>> '{snapshot,context,cancellation}' IS NULL;
