CREATE TABLE "money_intents" (
	"key" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"event" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "money_intents" ADD CONSTRAINT "money_intents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_intents_open_idx" ON "money_intents" USING btree ("status","created_at");