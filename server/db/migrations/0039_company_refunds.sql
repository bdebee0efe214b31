-- Refunds by the company, once each (the unique key refuses the same refund asked twice before any
-- money moves), and the audit of who did what to a renter's money.
CREATE TABLE "audit_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by_user_id" uuid,
	"by_name" text NOT NULL,
	"company_id" text,
	"action" text NOT NULL,
	"booking_id" uuid,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"charge" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"by_user_id" uuid,
	"by_name" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "company_refunds_once" UNIQUE("booking_id","charge","amount","reason"),
	CONSTRAINT "company_refunds_positive" CHECK ("company_refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_lines" ADD CONSTRAINT "audit_lines_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_lines" ADD CONSTRAINT "audit_lines_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_refunds" ADD CONSTRAINT "company_refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_refunds" ADD CONSTRAINT "company_refunds_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_lines_company_idx" ON "audit_lines" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "company_refunds_open_idx" ON "company_refunds" USING btree ("created_at") WHERE "company_refunds"."refunded_at" is null;