CREATE TABLE "client_usage" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"bytes" bigint NOT NULL
);
