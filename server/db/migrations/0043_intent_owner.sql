-- Each money step keeps the instance whose step it is: one whose instance is gone is ended at once (server/journey/intents.ts).
ALTER TABLE "money_intents" ADD COLUMN "owner" integer;