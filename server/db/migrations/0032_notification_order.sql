-- Notifications are listed newest first; two a step writes in the same millisecond (a change charged,
-- then the booking cancelled) are listed in the order they were written, not by their random ids.
ALTER TABLE "notifications" ADD COLUMN "seq" bigserial NOT NULL;
