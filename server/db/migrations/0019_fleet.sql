CREATE TABLE "cars" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"model" text NOT NULL,
	"category" text NOT NULL,
	"picture" text NOT NULL,
	"plate" text NOT NULL,
	"plate_key" text NOT NULL,
	"daily_rate" integer NOT NULL,
	"deposit" integer NOT NULL,
	"odometer_km" integer NOT NULL,
	"tank_litres" integer NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cars_plate_key_unique" UNIQUE("plate_key"),
	CONSTRAINT "cars_rate_positive" CHECK ("cars"."daily_rate" > 0 AND "cars"."deposit" >= 0 AND "cars"."odometer_km" >= 0 AND "cars"."tank_litres" > 0)
);
--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cars_company_idx" ON "cars" USING btree ("company_id");