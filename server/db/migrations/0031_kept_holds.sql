ALTER TABLE "car_holds" DROP CONSTRAINT "car_holds_booking_id_unique";--> statement-breakpoint
ALTER TABLE "car_holds" ADD COLUMN "kept_for" text;--> statement-breakpoint
CREATE UNIQUE INDEX "car_holds_booking_id_unique" ON "car_holds" USING btree ("booking_id") WHERE "car_holds"."kept_for" is null;--> statement-breakpoint
ALTER TABLE "car_holds" ADD CONSTRAINT "car_holds_kept_for_unique" UNIQUE("kept_for");--> statement-breakpoint
-- A step in flight keeps the booking's old hold beside its new one: the two may overlap each other
-- (new dates a day later), never anyone else's. A block's key is its own id.
ALTER TABLE "car_holds" DROP CONSTRAINT "car_holds_no_overlap";--> statement-breakpoint
ALTER TABLE "car_holds" ADD CONSTRAINT "car_holds_no_overlap" EXCLUDE USING gist (
  "car_id" WITH =,
  tstzrange("held_from", "held_until", '[)') WITH &&,
  (coalesce("booking_id", "id")) WITH <>
);--> statement-breakpoint
-- The trigger of migration 0020 keeps the booking's own hold, the one not kept for a step.
CREATE OR REPLACE FUNCTION "car_holds_of_booking"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.holds_car THEN
    INSERT INTO car_holds (car_id, booking_id, held_from, held_until)
      VALUES (NEW.car_id, NEW.id, NEW.held_from, NEW.held_until)
      ON CONFLICT (booking_id) WHERE kept_for IS NULL DO UPDATE
      SET car_id = EXCLUDED.car_id, held_from = EXCLUDED.held_from, held_until = EXCLUDED.held_until;
  ELSE
    DELETE FROM car_holds WHERE booking_id = NEW.id AND kept_for IS NULL;
  END IF;
  RETURN NULL;
END $$;
