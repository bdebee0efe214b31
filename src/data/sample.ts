// Sample content from the product specification, typed, in both languages. Amounts are fils.
import type { Lang } from '../i18n/en';
import { aed, type Fils } from '../../machines/money';

export type Localized = Record<Lang, string>;
export type CarPicture = 'sedan' | 'suv' | 'sports';

export interface FeaturedCar {
  id: string;
  model: string;
  picture: CarPicture;
  dailyRate: Fils;
}

// Model names stay in Latin script in both languages, as UAE rental listings print them.
export const featuredCars: readonly FeaturedCar[] = [
  { id: 's-class', model: 'Mercedes-Benz S-Class', picture: 'sedan', dailyRate: aed(2500) },
  { id: 'range-rover', model: 'Range Rover Sport', picture: 'suv', dailyRate: aed(1800) },
  { id: '911', model: 'Porsche 911 Carrera', picture: 'sports', dailyRate: aed(2200) },
];

export interface CarSpec {
  model: string;
  picture: CarPicture;
  category: Localized;
  plate: string;
  engine: Localized;
  horsepower: number;
  topSpeedKmh: number;
  fuel: Localized;
  transmission: Localized;
  seats: number;
}

export const pickupCar: CarSpec = {
  model: 'Mercedes-Benz S-Class',
  picture: 'sedan',
  category: { en: 'Luxury', ar: 'فاخرة' },
  plate: 'Dubai A 12345',
  engine: { en: '3.0 L inline-6 turbo', ar: '3.0 لتر، 6 أسطوانات مع شاحن توربيني' },
  horsepower: 429,
  topSpeedKmh: 250,
  fuel: { en: 'Petrol', ar: 'بنزين' },
  transmission: { en: 'Automatic', ar: 'أوتوماتيك' },
  seats: 5,
};

const dubaiAirport: Localized = {
  en: 'Dubai International Airport, Terminal 3',
  ar: 'مطار دبي الدولي، المبنى 3',
};
const downtown: Localized = {
  en: 'Downtown Dubai, Sheikh Mohammed bin Rashid Blvd',
  ar: 'وسط مدينة دبي، بوليفارد الشيخ محمد بن راشد',
};

/** The rental on the contract and payment screens: 5 days at AED 240. */
export const sampleRental = {
  model: 'Toyota Camry',
  dailyRate: aed(240),
  pickupLocation: dubaiAirport,
  dropoffLocation: downtown,
  pickup: new Date(2024, 0, 12, 12, 0),
  dropoff: new Date(2024, 0, 17, 12, 0),
};

/** The pickup screen's timeline: 12:00 PM to 12:00 PM two days later. */
export const pickupTimeline = {
  start: new Date(2024, 0, 12, 12, 0),
  end: new Date(2024, 0, 14, 12, 0),
};

export const sampleBooking = {
  number: 'MC-240112-0187',
  type: { en: 'Luxury sedan', ar: 'سيدان فاخرة' } satisfies Localized,
  plate: pickupCar.plate,
  model: pickupCar.model,
  pickup: new Date(2024, 0, 12, 12, 0),
  return: new Date(2024, 0, 17, 12, 0),
  pickupLocation: dubaiAirport,
  returnLocation: downtown,
  status: { en: 'Confirmed', ar: 'مؤكد' } satisfies Localized,
};

/** Return screen sample: a 5,000 deposit with no deductions; the rental itself was 10,000. */
export const sampleReturn = {
  deposit: aed(5000),
  deductions: [] as Fils[],
  totalRental: aed(10000),
  additionalFees: aed(0),
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

export interface RentalCompany {
  id: string;
  title: Localized;
  subtitle: Localized;
}

// The specification shows four identical sample cards.
export const rentalCompanies: readonly RentalCompany[] = [1, 2, 3, 4].map((n) => ({
  id: `elite-${n}`,
  title: { en: 'Elite Auto Rentals', ar: 'إيليت لتأجير السيارات' },
  subtitle: { en: 'Premium selection', ar: 'تشكيلة مميزة' },
}));

export interface ContractSummary {
  code: string;
  model: string;
}

export const contracts: readonly ContractSummary[] = [
  { code: 'MC-2024-0412', model: 'Mercedes-Benz S-Class' },
  { code: 'MC-2024-0413', model: 'Mercedes-Benz S-Class' },
];

export const sampleViolation = {
  type: {
    en: 'Speeding (over 20 km/h above the limit)',
    ar: 'تجاوز السرعة (أكثر من 20 كم/س فوق الحد)',
  } satisfies Localized,
  code: 'DXB-SP-2041',
  date: new Date(2024, 0, 13, 9, 42),
  amount: aed(500),
  status: { en: 'Pending', ar: 'قيد الانتظار' } satisfies Localized,
};

export const sampleProfile = {
  name: { en: 'Ahmed Al Mansoori', ar: 'أحمد المنصوري' } satisfies Localized,
  phone: '+971 50 123 4567',
  email: 'ahmed.almansoori@example.ae',
  address: { en: 'Al Wasl Road, Jumeirah 1, Dubai', ar: 'شارع الوصل، جميرا 1، دبي' } satisfies Localized,
  cardLast4: '4242',
  licenceValidUntil: new Date(2028, 5, 30),
  currency: 'AED',
};

export const APP_VERSION = '1.2.1';

export const pastRentals = [
  { number: 'MC-231204-0921', model: 'Range Rover Sport' },
  { number: 'MC-231015-0577', model: 'Nissan Patrol' },
  { number: 'MC-230822-0310', model: 'Toyota Camry' },
] as const;

export type NotificationKind = 'booking' | 'reminder' | 'offer' | 'account' | 'update';

export interface SampleNotification {
  id: string;
  kind: NotificationKind;
  day: 'today' | 'yesterday';
  title: Localized;
  body: Localized;
  /** Minutes after midnight, shown as a time of day. */
  at: number;
}

export const notifications: readonly SampleNotification[] = [
  {
    id: 'n1',
    kind: 'booking',
    day: 'today',
    title: { en: 'Booking Confirmed', ar: 'تم تأكيد الحجز' },
    body: {
      en: 'Your Mercedes-Benz S-Class is booked for Jan 12.',
      ar: 'تم حجز مرسيدس-بنز الفئة S ليوم 12 يناير.',
    },
    at: 9 * 60 + 30,
  },
  {
    id: 'n2',
    kind: 'reminder',
    day: 'today',
    title: { en: 'Pickup Reminder', ar: 'تذكير بالاستلام' },
    body: {
      en: 'Pick up your car tomorrow at 12:00 PM at Terminal 3.',
      ar: 'موعد استلام سيارتك غدًا الساعة 12:00 م في المبنى 3.',
    },
    at: 8 * 60 + 15,
  },
  {
    id: 'n3',
    kind: 'offer',
    day: 'today',
    title: { en: 'Special Offer', ar: 'عرض خاص' },
    body: {
      en: '20% off SUV rentals this winter.',
      ar: 'خصم 20% على تأجير سيارات الدفع الرباعي هذا الشتاء.',
    },
    at: 7 * 60,
  },
  {
    id: 'n4',
    kind: 'account',
    day: 'yesterday',
    title: { en: 'Account Alert', ar: 'تنبيه الحساب' },
    body: { en: 'Your driving licence details were verified.', ar: 'تم التحقق من بيانات رخصة القيادة.' },
    at: 18 * 60 + 45,
  },
  {
    id: 'n5',
    kind: 'update',
    day: 'yesterday',
    title: { en: 'General Update', ar: 'تحديث عام' },
    body: { en: 'We updated our rental policies.', ar: 'قمنا بتحديث سياسات الإيجار.' },
    at: 11 * 60 + 5,
  },
];

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
