// Sample content from the product specification, typed, in both languages. Amounts are fils.
import type { Lang } from '../i18n/en';
import type { CarId, LocationId } from '../../machines/fleet';

export type Localized = Record<Lang, string>;

/** The three cars the home page features. */
export const FEATURED_CARS: readonly CarId[] = ['s-class', 'range-rover', '911'];


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
  'al-ain': { en: 'Al Ain, town centre', ar: 'العين، وسط المدينة' },
  'ajman-city': { en: 'Ajman, Corniche', ar: 'عجمان، الكورنيش' },
  'uaq-city': { en: 'Umm Al Quwain, town centre', ar: 'أم القيوين، وسط المدينة' },
  rkt: { en: 'Ras Al Khaimah International Airport', ar: 'مطار رأس الخيمة الدولي' },
  'rak-city': { en: 'Ras Al Khaimah, Al Nakheel', ar: 'رأس الخيمة، النخيل' },
  fjr: { en: 'Fujairah International Airport', ar: 'مطار الفجيرة الدولي' },
  'fujairah-city': { en: 'Fujairah, Corniche', ar: 'الفجيرة، الكورنيش' },
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
