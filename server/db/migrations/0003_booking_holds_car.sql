ALTER TABLE "bookings" ADD COLUMN "holds_car" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "sample" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "held_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uae_pass_requests" ADD COLUMN "trip" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "currency" text DEFAULT 'AED' NOT NULL;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- No two bookings that hold a car may overlap in time: the database, not a check before the write,
-- decides which of two simultaneous payments for the last car wins. Bookings paid before this
-- migration do not hold their car (the earlier demo gave every renter the same car and dates).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_car_no_overlap" EXCLUDE USING gist (
  "car_id" WITH =,
  tstzrange("held_from", "held_until", '[)') WITH &&
) WHERE ("holds_car");
