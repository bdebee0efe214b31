// What a car is (its category, picture, status and the facts a booking keeps), the deposit and excess
// each category holds, and the sample companies' cars: the server seeds those as records (server/cars/
// records.ts), and a prerendered page shows them until the server answers. Names stay in Latin script.
import { aed, type Fils } from './money';

export type CarCategory = 'economy' | 'standard' | 'suv' | 'luxury' | 'sports';
export type CarPicture = 'sedan' | 'suv' | 'sports';
/** A car's record: offered, out for maintenance, or no longer rented out. */
export const CAR_STATUSES = ['available', 'maintenance', 'retired'] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];

/** Security deposit held on the card per category (AED 750 economy to 5,000 luxury in the UAE). */
export const DEPOSIT_BY_CATEGORY: Record<CarCategory, Fils> = {
  economy: aed(750),
  standard: aed(1500),
  suv: aed(2500),
  luxury: aed(5000),
  sports: aed(5000),
};

/**
 * The insurance excess per category: the most a renter pays for damage from one accident reported to
 * the police (every rental includes the company's comprehensive cover; without a police report the
 * renter pays the repair). Not the deposit: the deposit is held on the card and released at return.
 */
export const INSURANCE_EXCESS_BY_CATEGORY: Record<CarCategory, Fils> = {
  economy: aed(1000),
  standard: aed(1500),
  suv: aed(2500),
  luxury: aed(5000),
  sports: aed(7500),
};

/** The rental companies whose cars these are (their records, names and keys live on the server). */
export const COMPANY_IDS = ['elite-auto', 'desert-drive', 'marina-motors'] as const;
export type CompanyId = (typeof COMPANY_IDS)[number];

/**
 * A car as a booking keeps it: the facts its price, deposit, handover and return are worked out
 * from, copied when the booking is made, so a later change to the car's record (a new daily rate)
 * never changes a booking already made.
 */
export interface Car {
  id: string;
  /** The rental company's id (its record is the server's). */
  company: string;
  model: string;
  category: CarCategory;
  dailyRate: Fils;
  /** Held on the renter's card from payment until the deposit is settled. */
  deposit: Fils;
  picture: CarPicture;
  plate: string;
  /** Odometer when the car leaves, in km: the return mileage cannot be lower. */
  odometerKm: number;
  /** Fuel tank, in litres: a shortfall on return is charged at the pump price. */
  tankLitres: number;
}

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

/** A car's id: the company's record's key. */
export type CarId = string;
/** The sample cars' ids. */
export type SampleCarId = keyof typeof FLEET;

export const carOf = (id: SampleCarId): Car => FLEET[id];
// Own keys only: `"constructor" in FLEET` is true, and its price would be NaN.
export const isCarId = (id: unknown): id is SampleCarId => typeof id === 'string' && Object.hasOwn(FLEET, id);
export const CAR_IDS = Object.keys(FLEET) as [SampleCarId, ...SampleCarId[]];
/** The sample companies' cars: what a prerendered page shows until the server answers. */
export const SAMPLE_CARS: readonly Car[] = Object.values(FLEET);

/**
 * Where cars are picked up and returned: the four airports and city branches in three emirates.
 * The UI names them in both languages (src/data/sample.ts); the ids are stored, so they never change.
 */
export const LOCATIONS = [
  'dxb-t3',
  'dwc',
  'auh',
  'shj',
  'downtown',
  'dubai-marina',
  'abu-dhabi-city',
  'sharjah-city',
] as const;
export type LocationId = (typeof LOCATIONS)[number];
export const isLocationId = (id: unknown): id is LocationId => (LOCATIONS as readonly unknown[]).includes(id);

export type Emirate = 'dubai' | 'abuDhabi' | 'sharjah';
export const EMIRATE_OF: Record<LocationId, Emirate> = {
  'dxb-t3': 'dubai',
  dwc: 'dubai',
  auh: 'abuDhabi',
  shj: 'sharjah',
  downtown: 'dubai',
  'dubai-marina': 'dubai',
  'abu-dhabi-city': 'abuDhabi',
  'sharjah-city': 'sharjah',
};

/** Car types a renter searches by: the deposit category. */
export const CAR_CATEGORIES = ['economy', 'standard', 'suv', 'luxury', 'sports'] as const;
