// The sample companies' cars (machines/sampleFleet.ts) and their technical facts, made at start with
// DEMO=1 when missing (server/seed.ts): afterwards their admins' records to change.
import { and, eq, sql } from 'drizzle-orm';
import { plateKey } from '../../machines/cars';
import type { CarSpecs } from '../../machines/fleet';
import { FLEET, type SampleCarId } from '../../machines/sampleFleet';
import type { Db } from '../db/open';
import { cars } from '../db/schema';

const automaticPetrol = { transmission: 'automatic', fuel: 'petrol' } as const;

export const SAMPLE_SPECS: Record<SampleCarId, CarSpecs> = {
  camry: { ...automaticPetrol, year: 2024, seats: 5, horsepower: 203, topSpeedKmh: 210, engine: { en: '2.5 L inline-4', ar: '2.5 لتر، 4 أسطوانات' } },
  's-class': { ...automaticPetrol, year: 2024, seats: 5, horsepower: 429, topSpeedKmh: 250, engine: { en: '3.0 L inline-6 turbo', ar: '3.0 لتر، 6 أسطوانات مع شاحن توربيني' } },
  'range-rover': { ...automaticPetrol, year: 2024, seats: 5, horsepower: 394, topSpeedKmh: 242, engine: { en: '3.0 L inline-6 mild hybrid', ar: '3.0 لتر، 6 أسطوانات هجين خفيف' } },
  '911': { ...automaticPetrol, year: 2023, seats: 4, horsepower: 388, topSpeedKmh: 294, engine: { en: '3.0 L flat-6 twin turbo', ar: '3.0 لتر، 6 أسطوانات متقابلة بشاحنين توربينيين' } },
  'bmw-7': { ...automaticPetrol, year: 2024, seats: 5, horsepower: 375, topSpeedKmh: 250, engine: { en: '3.0 L inline-6 turbo', ar: '3.0 لتر، 6 أسطوانات مع شاحن توربيني' } },
  patrol: { ...automaticPetrol, year: 2023, seats: 7, horsepower: 275, topSpeedKmh: 200, engine: { en: '4.0 L V6', ar: '4.0 لتر، 6 أسطوانات' } },
  yaris: { ...automaticPetrol, year: 2024, seats: 5, horsepower: 106, topSpeedKmh: 175, engine: { en: '1.5 L inline-4', ar: '1.5 لتر، 4 أسطوانات' } },
};

/**
 * The sample companies' cars (machines/sampleFleet.ts), made once: afterwards they are their admins'
 * records. A sample car made before cars had specs gets its own (once: an admin's later edit stays).
 */
export async function ensureSampleCars(db: Db) {
  for (const car of Object.values(FLEET)) {
    const { company, ...facts } = car;
    const specs = SAMPLE_SPECS[car.id];
    await db
      .insert(cars)
      .values({ ...facts, specs, companyId: company, plateKey: plateKey(car.plate) })
      .onConflictDoNothing({ target: cars.id });
    await db
      .update(cars)
      .set({ specs })
      .where(and(eq(cars.id, car.id), sql`${cars.specs} = '{}'::jsonb`));
  }
}
