ALTER TABLE "uae_pass_requests" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uae_pass_requests" ADD CONSTRAINT "uae_pass_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An account made by UAE PASS (no password) took its e-mail from UAE PASS: that e-mail is verified.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "password_hash" IS NULL AND "uae_pass_id" IS NOT NULL;
