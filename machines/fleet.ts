// The cars a renter can book, and the deposit each category holds. Names stay in Latin script.
import { aed, type Fils } from './money';

export type CarCategory = 'economy' | 'standard' | 'suv' | 'luxury' | 'sports';
export type CarPicture = 'sedan' | 'suv' | 'sports';

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

export interface Car {
  id: string;
  company: CompanyId;
  model: string;
  category: CarCategory;
  dailyRate: Fils;
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
    picture: 'sedan',
    plate: 'Sharjah 3 44120',
    odometerKm: 30_050,
    tankLitres: 42,
  },
} as const satisfies Record<string, Car>;

export type CarId = keyof typeof FLEET;

export const carOf = (id: CarId) => FLEET[id];
export const depositFor = (id: CarId): Fils => DEPOSIT_BY_CATEGORY[FLEET[id].category];
// Own keys only: `"constructor" in FLEET` is true, and its price would be NaN.
export const isCarId = (id: unknown): id is CarId => typeof id === 'string' && Object.hasOwn(FLEET, id);
export const CAR_IDS = Object.keys(FLEET) as [CarId, ...CarId[]];

/** A company's own cars. */
export const carsOf = (company: string): Car[] => Object.values(FLEET).filter((car) => car.company === company);

/** The emirate as feeds abbreviate it, at the start of a plate. */
const EMIRATES: [RegExp, string][] = [
  [/^(DUBAI|DXB)/, 'DUBAI'],
  [/^(ABUDHABI|AUH|AD)/, 'ABUDHABI'],
  [/^(SHARJAH|SHJ)/, 'SHARJAH'],
];

/** A plate as authorities write it in any spacing or case ("DXB-A-12345", "AUH 5 22871"): letters and digits only. */
export function plateKey(plate: string) {
  const bare = plate.toUpperCase().replace(/[^A-Z0-9]/g, '');
  for (const [short, emirate] of EMIRATES) if (short.test(bare)) return bare.replace(short, emirate);
  return bare;
}

/** The car with this plate, if it is in the fleet. */
export const carByPlate = (plate: string): Car | undefined =>
  Object.values(FLEET).find((car) => plateKey(car.plate) === plateKey(plate));

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
