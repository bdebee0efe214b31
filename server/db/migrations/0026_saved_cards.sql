CREATE TABLE "saved_cards" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"card_token" text NOT NULL,
	"last4" text NOT NULL,
	"brand" text NOT NULL,
	"expiry" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;