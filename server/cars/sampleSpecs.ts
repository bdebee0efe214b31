// The sample cars' technical facts, seeded with them (DEMO=1): afterwards their admins' to change.
import type { CarSpecs } from '../../machines/fleet';
import type { SampleCarId } from '../../machines/sampleFleet';

const automaticPetrol = { transmission: 'automatic', fuel: 'petrol' } as const;

export const SAMPLE_SPECS: Record<SampleCarId, CarSpecs> = {
  camry: { ...automaticPetrol, year: 2024, seats: 5, horsepower: 203, topSpeedKmh: 210, engine: { en: '2.5 L inline-4', ar: '2.5 لتر، 4 أسطوانات' } },
  's-class': { ...automaticPetrol, year: 2024, seats: 5, horsepower: 429, topSpeedKmh: 250, engine: { en: '3.0 L inline-6 turbo', ar: '3.0 لتر، 6 أسطوانات مع شاحن توربيني' } },
  'range-rover': { ...automaticPetrol, year: 2024, seats: 5, horsepower: 394, topSpeedKmh: 242, engine: { en: '3.0 L inline-6 mild hybrid', ar: '3.0 لتر، 6 أسطوانات هجين خفيف' } },
  '911': { ...automaticPetrol, year: 2023, seats: 4, horsepower: 388, topSpeedKmh: 294, engine: { en: '3.0 L flat-6 twin turbo', ar: '3.0 لتر، 6 أسطوانات متقابلة بشاحنين توربينيين' } },
  'bmw-7': { ...automaticPetrol, year: 2024, seats: 5, horsepower: 375, topSpeedKmh: 250, engine: { en: '3.0 L inline-6 turbo', ar: '3.0 لتر، 6 أسطوانات مع شاحن توربيني' } },
  patrol: { ...automaticPetrol, year: 2023, seats: 7, horsepower: 275, topSpeedKmh: 200, engine: { en: '4.0 L V6', ar: '4.0 لتر، 6 أسطوانات' } },
  yaris: { ...automaticPetrol, year: 2024, seats: 5, horsepower: 106, topSpeedKmh: 175, engine: { en: '1.5 L inline-4', ar: '1.5 لتر، 4 أسطوانات' } },
};
