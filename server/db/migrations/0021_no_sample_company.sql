-- Migration 0001 made the sample company a row on every database (contracts of the time named it).
-- The sample companies are now sample data (DEMO=1 seeds them): on a database where nothing refers to
-- that row (a fresh production install, at this point), it goes. Where anything does (a contract, a
-- person, a car, a picture: a foreign key refuses the delete), it stays as it is.
DO $$
BEGIN
  DELETE FROM "companies" WHERE "id" = 'elite-auto' AND NOT EXISTS (SELECT 1 FROM "cars" WHERE "company_id" = 'elite-auto');
EXCEPTION WHEN foreign_key_violation THEN
  NULL;
END $$;
