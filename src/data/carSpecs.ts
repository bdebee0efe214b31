// The fleet's technical details, in both languages, for the pickup screen (its own module: no other
// screen carries them).
import type { CarId } from '../../machines/fleet';
import type { Localized } from './sample';

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
