// The sample companies' cars: seeded as records with DEMO=1 (server/cars/records.ts), the journey's
// placeholder car, and what bookings stored before cars were records name. Names stay in Latin script.
import { aed } from './money';
import { DEPOSIT_BY_CATEGORY, type Car } from './fleet';

export const FLEET = {
  camry: {
    id: 'camry',
    company: 'elite-auto',
    model: 'Toyota Camry',
    category: 'standard',
    dailyRate: aed(240),
    deposit: DEPOSIT_BY_CATEGORY.standard,
    picture: 'sedan',
    plate: 'Dubai K 48213',
    odometerKm: 12_000,
    tankLitres: 60,
  },
  's-class': {
    id: 's-class',
    company: 'elite-auto',
    model: 'Mercedes-Benz S-Class',
    category: 'luxury',
    dailyRate: aed(2500),
    deposit: DEPOSIT_BY_CATEGORY.luxury,
    picture: 'sedan',
    plate: 'Dubai A 12345',
    odometerKm: 8_400,
    tankLitres: 76,
  },
  'range-rover': {
    id: 'range-rover',
    company: 'desert-drive',
    model: 'Range Rover Sport',
    category: 'suv',
    dailyRate: aed(1800),
    deposit: DEPOSIT_BY_CATEGORY.suv,
    picture: 'suv',
    plate: 'Dubai R 7781',
    odometerKm: 15_200,
    tankLitres: 90,
  },
  '911': {
    id: '911',
    company: 'elite-auto',
    model: 'Porsche 911 Carrera',
    category: 'sports',
    dailyRate: aed(2200),
    deposit: DEPOSIT_BY_CATEGORY.sports,
    picture: 'sports',
    plate: 'Dubai P 911',
    odometerKm: 4_100,
    tankLitres: 64,
  },
  'bmw-7': {
    id: 'bmw-7',
    company: 'elite-auto',
    model: 'BMW 7 Series',
    category: 'luxury',
    dailyRate: aed(2000),
    deposit: DEPOSIT_BY_CATEGORY.luxury,
    picture: 'sedan',
    plate: 'Dubai B 7007',
    odometerKm: 9_750,
    tankLitres: 74,
  },
  patrol: {
    id: 'patrol',
    company: 'desert-drive',
    model: 'Nissan Patrol',
    category: 'suv',
    dailyRate: aed(950),
    deposit: DEPOSIT_BY_CATEGORY.suv,
    picture: 'suv',
    plate: 'Abu Dhabi 5 22871',
    odometerKm: 21_300,
    tankLitres: 100,
  },
  yaris: {
    id: 'yaris',
    company: 'marina-motors',
    model: 'Toyota Yaris',
    category: 'economy',
    dailyRate: aed(140),
    deposit: DEPOSIT_BY_CATEGORY.economy,
    picture: 'sedan',
    plate: 'Sharjah 3 44120',
    odometerKm: 30_050,
    tankLitres: 42,
  },
} as const satisfies Record<string, Car>;

/** The sample cars' ids. */
export type SampleCarId = keyof typeof FLEET;

export const carOf = (id: SampleCarId): Car => FLEET[id];
// Own keys only: `"constructor" in FLEET` is true, and its price would be NaN.
export const isCarId = (id: unknown): id is SampleCarId => typeof id === 'string' && Object.hasOwn(FLEET, id);
export const CAR_IDS = Object.keys(FLEET) as [SampleCarId, ...SampleCarId[]];
/** The sample companies' cars, as a list. */
export const SAMPLE_CARS: readonly Car[] = Object.values(FLEET);
