CREATE TABLE "authority_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"plate" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"location" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"black_points" integer DEFAULT 0 NOT NULL,
	"booking_id" uuid,
	"violation_id" uuid,
	"charged" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"subtitle_en" text NOT NULL,
	"subtitle_ar" text NOT NULL,
	"picture" text DEFAULT 'company' NOT NULL,
	"api_key_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_api_key_hash_unique" UNIQUE("api_key_hash")
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "company" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "company_id" text;--> statement-breakpoint
-- Records from before companies were records: the one company they named becomes a company row.
INSERT INTO "companies" ("id", "name_en", "name_ar", "subtitle_en", "subtitle_ar") VALUES ('elite-auto', 'Elite Auto Rentals', 'إيليت لتأجير السيارات', 'Premium selection', 'تشكيلة فاخرة') ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "contracts" SET "company_id" = 'elite-auto';--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "car_id" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notifications_on" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "users" SET "company_id" = 'elite-auto' WHERE "company" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "authority_records" ADD CONSTRAINT "authority_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authority_records" ADD CONSTRAINT "authority_records_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authority_records" ADD CONSTRAINT "authority_records_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "authority_records_reference_idx" ON "authority_records" USING btree ("company_id","kind","reference");--> statement-breakpoint
CREATE INDEX "authority_records_booking_idx" ON "authority_records" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "live_events_user_idx" ON "live_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_car_period_idx" ON "bookings" USING btree ("car_id","period_start");--> statement-breakpoint
CREATE INDEX "contracts_company_idx" ON "contracts" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_booking_id_unique" UNIQUE("booking_id");