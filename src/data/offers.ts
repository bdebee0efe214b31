// The offers as the Offers screen lists them, in both languages (their rules: machines/offers.ts).
import type { Localized } from './content';

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
