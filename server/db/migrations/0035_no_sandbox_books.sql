-- The old sandbox gateway kept its own books here; the payment provider (or its local stand-in)
-- keeps them now, on its side, as a real acquirer does.
DROP TABLE "gateway_operations" CASCADE;