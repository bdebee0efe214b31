// Sample content from the product specification, typed, in both languages. Amounts are fils.
import type { Lang } from '../i18n/en';
import type { CarId, LocationId } from '../../machines/fleet';

export type Localized = Record<Lang, string>;

/** The three cars the home page features. */
export const FEATURED_CARS: readonly CarId[] = ['s-class', 'range-rover', '911'];

export interface CarSpec {
  engine: Localized;
  horsepower: number;
  topSpeedKmh: number;
  fuel: Localized;
  transmission: Localized;
  seats: number;
}

const petrol: Localized = { en: 'Petrol', ar: 'بنزين' };
const automatic: Localized = { en: 'Automatic', ar: 'أوتوماتيك' };

/** Technical details of each car in the fleet, for the pickup screen. */
export const CAR_SPECS: Record<CarId, CarSpec> = {
  camry: {
    engine: { en: '2.5 L inline-4', ar: '2.5 لتر، 4 أسطوانات' },
    horsepower: 203,
    topSpeedKmh: 210,
    fuel: petrol,
    transmission: automatic,
    seats: 5,
  },
  's-class': {
    engine: { en: '3.0 L inline-6 turbo', ar: '3.0 لتر، 6 أسطوانات مع شاحن توربيني' },
    horsepower: 429,
    topSpeedKmh: 250,
    fuel: petrol,
    transmission: automatic,
    seats: 5,
  },
  'range-rover': {
    engine: { en: '3.0 L inline-6 mild hybrid', ar: '3.0 لتر، 6 أسطوانات هجين خفيف' },
    horsepower: 394,
    topSpeedKmh: 242,
    fuel: petrol,
    transmission: automatic,
    seats: 5,
  },
  '911': {
    engine: { en: '3.0 L flat-6 twin turbo', ar: '3.0 لتر، 6 أسطوانات متقابلة بشاحنين توربينيين' },
    horsepower: 388,
    topSpeedKmh: 294,
    fuel: petrol,
    transmission: automatic,
    seats: 4,
  },
  'bmw-7': {
    engine: { en: '3.0 L inline-6 turbo', ar: '3.0 لتر، 6 أسطوانات مع شاحن توربيني' },
    horsepower: 375,
    topSpeedKmh: 250,
    fuel: petrol,
    transmission: automatic,
    seats: 5,
  },
  patrol: {
    engine: { en: '4.0 L V6', ar: '4.0 لتر، 6 أسطوانات' },
    horsepower: 275,
    topSpeedKmh: 200,
    fuel: petrol,
    transmission: automatic,
    seats: 7,
  },
  yaris: {
    engine: { en: '1.5 L inline-4', ar: '1.5 لتر، 4 أسطوانات' },
    horsepower: 106,
    topSpeedKmh: 175,
    fuel: petrol,
    transmission: automatic,
    seats: 5,
  },
};

const dubaiAirport: Localized = {
  en: 'Dubai International Airport, Terminal 3',
  ar: 'مطار دبي الدولي، المبنى 3',
};
const downtown: Localized = {
  en: 'Downtown Dubai, Sheikh Mohammed bin Rashid Blvd',
  ar: 'وسط مدينة دبي، بوليفارد الشيخ محمد بن راشد',
};

/** Names of the pick-up and drop-off places (airports and city branches), in both languages. */
export const LOCATION_NAMES: Record<LocationId, Localized> = {
  'dxb-t3': dubaiAirport,
  dwc: { en: 'Dubai World Central – Al Maktoum Airport', ar: 'دبي وورلد سنترال – مطار آل مكتوم' },
  auh: { en: 'Zayed International Airport, Abu Dhabi', ar: 'مطار زايد الدولي، أبوظبي' },
  shj: { en: 'Sharjah International Airport', ar: 'مطار الشارقة الدولي' },
  downtown,
  'dubai-marina': { en: 'Dubai Marina, Marina Walk', ar: 'دبي مارينا، ممشى المارينا' },
  'abu-dhabi-city': { en: 'Abu Dhabi, Corniche Road', ar: 'أبوظبي، شارع الكورنيش' },
  'sharjah-city': { en: 'Sharjah, Al Majaz Waterfront', ar: 'الشارقة، واجهة المجاز المائية' },
};

export const contactPhones = {
  roadside: '800 6683',
  support: '+971 4 123 4567',
  police: '999',
  ambulance: '998',
};

/** Example coordinates for the GPS field (Dubai), digits only so they read the same in both directions. */
export const GPS_EXAMPLE = '25.2048, 55.2708';

export const supportEmail = 'support@movecar.ae';


export const APP_VERSION = '1.2.1';

export interface Offer {
  id: string;
  title: Localized;
  description: Localized;
  /** Last day for current offers, first day for upcoming ones. */
  date: Date;
  upcoming: boolean;
}

export const offers: readonly Offer[] = [
  {
    id: 'winter',
    title: { en: 'Winter Escape', ar: 'عطلة الشتاء' },
    description: { en: '20% off SUV rentals.', ar: 'خصم 20% على تأجير سيارات الدفع الرباعي.' },
    date: new Date(2027, 1, 28),
    upcoming: false,
  },
  {
    id: 'loyalty',
    title: { en: 'Loyalty Bonus', ar: 'مكافأة الولاء' },
    description: { en: 'A complimentary upgrade on your next rental.', ar: 'ترقية مجانية في إيجارك القادم.' },
    date: new Date(2027, 2, 31),
    upcoming: false,
  },
  {
    id: 'partner',
    title: { en: 'Partner Perks', ar: 'مزايا الشركاء' },
    description: { en: '15% off at our partner hotels.', ar: 'خصم 15% في الفنادق الشريكة.' },
    date: new Date(2027, 0, 31),
    upcoming: false,
  },
  {
    id: 'summer',
    title: { en: 'Summer Drive', ar: 'قيادة الصيف' },
    description: { en: 'Special rates on convertibles.', ar: 'أسعار خاصة على السيارات المكشوفة.' },
    date: new Date(2027, 5, 1),
    upcoming: true,
  },
];
