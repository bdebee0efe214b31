// Makes the stored-journey fixtures of tests/fixtures/journeys (run once, by hand, on the code whose
// records they keep: `MAKE_JOURNEY_FIXTURES=3 npx vitest run --project server tests/server/journeyFixtures.make.test.ts`
// wrote the version 3 ones, on the code of 2026-12-07). Each is a booking's `journey` column exactly as
// that code stored it: tests/machines/journeyUpgrades.test.ts proves the code now carries each on.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { bookings } from '../../server/db/schema';
import { server } from './helpers';
import { rentalsInFlight } from './rentals';

const version = process.env.MAKE_JOURNEY_FIXTURES;
const DIR = join(import.meta.dirname, '../fixtures/journeys');

describe.runIf(version)('stored journeys to keep as fixtures', () => {
  it('paid, picked up, and returned with a charge in dispute', async () => {
    const s = await server();
    const rentals = await rentalsInFlight();
    for (const [name, r] of Object.entries({ paid: rentals.paid, 'picked-up': rentals.pickedUp, disputed: rentals.disputed })) {
      const [row] = await s.deps.db.select().from(bookings).where(eq(bookings.id, r.journey().bookingId));
      writeFileSync(join(DIR, `v${version}-${name}.json`), `${JSON.stringify(row!.journey, null, 2)}\n`);
    }
  });
});
