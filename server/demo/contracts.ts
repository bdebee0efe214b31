// The specification's sample contracts, made with the demo data (DEMO=1, server/seed.ts).
import { DEFAULT_SETTINGS } from '../../machines/transferSettings';
import type { Db } from '../db/open';
import { contracts } from '../db/schema';

/** The specification's two sample contracts (an S-Class each), for the demo company. */
export const SAMPLE_CONTRACTS = ['MC-2024-0412', 'MC-2024-0413'];
export const SAMPLE_COMPANY = 'elite-auto';

export async function ensureSampleContracts(db: Db) {
  await db
    .insert(contracts)
    .values(
      SAMPLE_CONTRACTS.map((code) => ({
        code,
        companyId: SAMPLE_COMPANY,
        carId: 's-class',
        setup: { bookingLinked: false, violationTransfer: false },
        settings: DEFAULT_SETTINGS,
      })),
    )
    .onConflictDoNothing();
}
