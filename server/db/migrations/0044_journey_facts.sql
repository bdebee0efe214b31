ALTER TABLE "bookings" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "card_token" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "payment_session_id" text;--> statement-breakpoint
-- Queries read these columns, not the stored journey (whose shape changes with its schema version);
-- bookings saved before them get them once, here, as saveJourney writes them (server/journey/bookings.ts factsOf).
-- Every journey stored until now is of schema version 3, where these paths are.
UPDATE "bookings" SET
  "picked_up_at" = to_timestamp(("journey" #>> '{snapshot,context,pickedUpAt}')::bigint / 1000.0),
  "returned_at" = to_timestamp(("journey" #>> '{snapshot,context,returnedAt}')::bigint / 1000.0),
  "checked_out_at" = to_timestamp(("journey" #>> '{snapshot,context,checkout,at}')::bigint / 1000.0),
  "settled_at" = to_timestamp(("journey" #>> '{snapshot,context,refund,settledAt}')::bigint / 1000.0),
  "cancelled_at" = to_timestamp(("journey" #>> '{snapshot,context,cancellation,at}')::bigint / 1000.0),
  "card_token" = "journey" #>> '{snapshot,context,payment,cardToken}',
  "payment_session_id" = "journey" #>> '{snapshot,context,paymentSession,sessionId}';
