CREATE TABLE "car_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"car_id" text NOT NULL,
	"booking_id" uuid,
	"held_from" timestamp with time zone NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "car_holds_booking_id_unique" UNIQUE("booking_id")
);
--> statement-breakpoint
ALTER TABLE "car_holds" ADD CONSTRAINT "car_holds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_holds" ADD CONSTRAINT "car_holds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_holds_car_idx" ON "car_holds" USING btree ("car_id","held_from");--> statement-breakpoint
-- A car is spoken for by a paid booking or by a maintenance block: one exclusion constraint over both
-- (it replaces bookings_car_no_overlap), so whichever is written second is refused by the database.
ALTER TABLE "car_holds" ADD CONSTRAINT "car_holds_no_overlap" EXCLUDE USING gist (
  "car_id" WITH =,
  tstzrange("held_from", "held_until", '[)') WITH &&
);--> statement-breakpoint
-- A booking's hold is kept here by the database itself, in the statement that changes the booking:
-- no code path that saves a journey can forget it, and a refusal fails that statement as before.
CREATE FUNCTION "car_holds_of_booking"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.holds_car THEN
    INSERT INTO car_holds (car_id, booking_id, held_from, held_until)
      VALUES (NEW.car_id, NEW.id, NEW.held_from, NEW.held_until)
      ON CONFLICT (booking_id) DO UPDATE
      SET car_id = EXCLUDED.car_id, held_from = EXCLUDED.held_from, held_until = EXCLUDED.held_until;
  ELSE
    DELETE FROM car_holds WHERE booking_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bookings_hold_inserted" AFTER INSERT ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "car_holds_of_booking"();--> statement-breakpoint
CREATE TRIGGER "bookings_hold_changed" AFTER UPDATE ON "bookings" FOR EACH ROW
  WHEN (OLD.holds_car IS DISTINCT FROM NEW.holds_car OR OLD.car_id IS DISTINCT FROM NEW.car_id
    OR OLD.held_from IS DISTINCT FROM NEW.held_from OR OLD.held_until IS DISTINCT FROM NEW.held_until)
  EXECUTE FUNCTION "car_holds_of_booking"();--> statement-breakpoint
INSERT INTO "car_holds" ("car_id", "booking_id", "held_from", "held_until")
  SELECT "car_id", "id", "held_from", "held_until" FROM "bookings" WHERE "holds_car";--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_car_no_overlap";
