CREATE TABLE "tax_counters" (
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "tax_counters_company_id_kind_pk" PRIMARY KEY("company_id","kind")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"booking_id" uuid,
	"booking_number" text NOT NULL,
	"source" text NOT NULL,
	"renter_id" uuid,
	"renter_name" text NOT NULL,
	"supplier" jsonb NOT NULL,
	"adjusts" text,
	"lines" jsonb NOT NULL,
	"net" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"total" bigint NOT NULL,
	"supplied_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tax_documents_number_key" UNIQUE("company_id","kind","number"),
	CONSTRAINT "tax_documents_source_key" UNIQUE("booking_id","source")
);
--> statement-breakpoint
ALTER TABLE "tax_counters" ADD CONSTRAINT "tax_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_documents_company_idx" ON "tax_documents" USING btree ("company_id","issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_renter_idx" ON "tax_documents" USING btree ("renter_id","issued_at");