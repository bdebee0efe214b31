// What a car is (its category, picture, status and the facts a booking keeps), the deposit and excess
// each category holds, the places and emirates a trip names. The sample companies' cars are in
// ./sampleFleet.ts (a page that only needs what a car is does not carry them).
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

/** The sample rental companies (DEMO=1; their records, names and keys live on the server). */
export const COMPANY_IDS = ['elite-auto', 'desert-drive', 'marina-motors'] as const;
export type CompanyId = (typeof COMPANY_IDS)[number];
/** Any company's id, a sample's or one the operator added (made from its English name on the server). */
export const isCompanyId = (id: string) => /^[a-z0-9][a-z0-9-]{0,59}$/.test(id);

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
  /** Held on the renter's card from the pickup until the deposit is settled. */
  deposit: Fils;
  picture: CarPicture;
  plate: string;
  /** Odometer when the car leaves, in km: the return mileage cannot be lower. */
  odometerKm: number;
  /** Fuel tank, in litres: a shortfall on return is charged at the pump price. */
  tankLitres: number;
  /** Its company's photo of it (the first of its photos, each size 16:9), when it has one; else `picture` is drawn. */
  photo?: ImageSizes;
  /** What the pickup screen tells the renter about it, as far as its company gave it. */
  specs?: CarSpecs;
}

export const FUELS = ['petrol', 'diesel', 'hybrid', 'electric'] as const;
export const TRANSMISSIONS = ['automatic', 'manual'] as const;

/** A car's technical facts, each as its company gave it (any may be missing). The engine is written in both languages. */
export interface CarSpecs {
  year?: number;
  seats?: number;
  transmission?: (typeof TRANSMISSIONS)[number];
  fuel?: (typeof FUELS)[number];
  engine?: { en: string; ar: string };
  horsepower?: number;
  topSpeedKmh?: number;
}

/** A picture's sizes as the server keeps them, each a file named by its content (machines/images.ts `imagePath`). */
export type ImageSizes = { hash: string; width: number; height: number }[];

/** A car's id: the company's record's key. */
export type CarId = string;

/**
 * Where cars are picked up and returned: the airports and city centres of the seven emirates, where a
 * company may open a branch (renters choose among those that have one). The UI names them in both
 * languages (src/data/content.ts); the ids are stored, so they never change.
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
  'al-ain',
  'ajman-city',
  'uaq-city',
  'rkt',
  'rak-city',
  'fjr',
  'fujairah-city',
] as const;
export type LocationId = (typeof LOCATIONS)[number];
export const isLocationId = (id: unknown): id is LocationId => (LOCATIONS as readonly unknown[]).includes(id);

export type Emirate = 'dubai' | 'abuDhabi' | 'sharjah' | 'ajman' | 'ummAlQuwain' | 'rasAlKhaimah' | 'fujairah';
export const EMIRATE_OF: Record<LocationId, Emirate> = {
  'dxb-t3': 'dubai',
  dwc: 'dubai',
  auh: 'abuDhabi',
  shj: 'sharjah',
  downtown: 'dubai',
  'dubai-marina': 'dubai',
  'abu-dhabi-city': 'abuDhabi',
  'sharjah-city': 'sharjah',
  'al-ain': 'abuDhabi',
  'ajman-city': 'ajman',
  'uaq-city': 'ummAlQuwain',
  rkt: 'rasAlKhaimah',
  'rak-city': 'rasAlKhaimah',
  fjr: 'fujairah',
  'fujairah-city': 'fujairah',
};

/** Car types a renter searches by: the deposit category. */
export const CAR_CATEGORIES = ['economy', 'standard', 'suv', 'luxury', 'sports'] as const;
