// The names of the places renters pick cars up and return them, in both languages: the screens
// show them and the server prints them (the signed agreement).
import type { LocationId } from '../machines/fleet';

type Localized = Record<'en' | 'ar', string>;

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
