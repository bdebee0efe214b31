-- An account's oldest session is ended past SESSIONS_PER_USER; log-ins in the same millisecond are
-- told apart by the order they were made in, not by chance.
ALTER TABLE "sessions" ADD COLUMN "seq" bigserial NOT NULL;
