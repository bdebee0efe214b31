// A company's profile rules (machines/company.ts): a VAT number and a support line as admins type them,
// in any spacing or script, and what each refuses.
import { describe, expect, it } from 'vitest';
import { amountText, checkCar, plateKey, plateOf, plateParts } from '../../machines/cars';
import { CLAUSE_MAX, CLAUSES_MAX, clausesOf, companyProfileProblems, formatUaePhone, normaliseTrn, normaliseUaePhone } from '../../machines/company';

describe('a company’s VAT registration number (TRN)', () => {
  it.each([
    ['100123456789012', '100123456789012'],
    ['100-1234-5678-9012', '100123456789012'],
    ['100 1234 5678 9012', '100123456789012'],
    ['١٠٠١٢٣٤٥٦٧٨٩٠١٢', '100123456789012'],
  ])('%s is %s', (typed, kept) => expect(normaliseTrn(typed)).toBe(kept));

  it.each(['10012345678901', '1001234567890123', '200123456789012', '100-1234-5678-901O', 'TRN 100123456789012'])('%s is refused', (typed) =>
    expect(normaliseTrn(typed)).toBeNull(),
  );
});

describe('a company’s support phone', () => {
  it.each([
    ['04 234 5678', '+97142345678', '+971 4 234 5678'],
    ['+971 4 234 5678', '+97142345678', '+971 4 234 5678'],
    ['00971 2 234 5678', '+97122345678', '+971 2 234 5678'],
    ['050 123 4567', '+971501234567', '+971 50 123 4567'],
    ['(04) 234-5678', '+97142345678', '+971 4 234 5678'],
    ['800 1234', '8001234', '800 1234'],
    ['٠٤ ٢٣٤ ٥٦٧٨', '+97142345678', '+971 4 234 5678'],
  ])('%s is kept as %s and shown as %s', (typed, kept, shown) => {
    expect(normaliseUaePhone(typed)).toBe(kept);
    expect(formatUaePhone(kept)).toBe(shown);
  });

  it.each(['12345', '04 234 567', '051 123 4567', '+44 20 7946 0958', '04 234 5678 ext 2'])('%s is refused', (typed) =>
    expect(normaliseUaePhone(typed)).toBeNull(),
  );
});

describe('the profile as a whole', () => {
  const good = {
    nameEn: 'Palm Cars',
    nameAr: 'بالم للسيارات',
    subtitleEn: '',
    subtitleAr: '',
    trn: '',
    addressEn: 'Al Quoz 1, Dubai',
    addressAr: 'القوز 1، دبي',
    supportPhone: '04 234 5678',
    clausesEn: '',
    clausesAr: '',
  };

  it('takes a company with no VAT number (below the threshold)', () => expect(companyProfileProblems(good)).toEqual({}));

  it('takes its own clauses when each is given in both languages, one a line', () => {
    const clausesEn = 'No smoking in the car.\n\n  Pets travel only in a carrier.  ';
    expect(clausesOf(clausesEn)).toEqual(['No smoking in the car.', 'Pets travel only in a carrier.']);
    expect(companyProfileProblems({ ...good, clausesEn, clausesAr: 'يُمنع التدخين في السيارة.\nتُنقل الحيوانات الأليفة في حقيبة فقط.' })).toEqual({});
    // One clause short in Arabic, or one too many or too long: refused, by the field.
    expect(companyProfileProblems({ ...good, clausesEn, clausesAr: 'يُمنع التدخين في السيارة.' })).toEqual({ clausesAr: 'clausesMatch' });
    expect(companyProfileProblems({ ...good, clausesEn: 'x'.repeat(CLAUSE_MAX + 1), clausesAr: 'س' })).toEqual({ clausesEn: 'tooLong' });
    const many = Array.from({ length: CLAUSES_MAX + 1 }, (_, i) => `Clause ${i}`).join('\n');
    expect(companyProfileProblems({ ...good, clausesEn: many, clausesAr: many })).toEqual({ clausesEn: 'tooLong', clausesAr: 'tooLong' });
  });

  it('names each problem by its field', () =>
    expect(companyProfileProblems({ ...good, nameEn: ' ', subtitleAr: 'س'.repeat(81), trn: '123', addressAr: '', supportPhone: '' })).toEqual({
      nameEn: 'required',
      subtitleAr: 'tooLong',
      trn: 'trn',
      addressAr: 'required',
      supportPhone: 'required',
    }));
});

describe("a company's car as its admin types it", () => {
  const car = { emirate: 'Ras Al Khaimah', code: 'b', number: '٤٤٣', model: ' Toyota   Land Cruiser ', category: 'suv', dailyRate: '1,100.50', deposit: '2500', odometerKm: '٣٢٠٠٠', tankLitres: '93', homeBranch: 'branch-1' };

  it('keeps the plate whole in Latin script, in whatever digits or case it was typed, and reads it back', () => {
    expect(plateOf(car)).toBe('Ras Al Khaimah B 443');
    expect(plateParts('Ras Al Khaimah B 443')).toEqual({ emirate: 'Ras Al Khaimah', code: 'B', number: '443' });
    expect(plateParts('Abu Dhabi 5 22871')).toEqual({ emirate: 'Abu Dhabi', code: '5', number: '22871' });
    // Fines from the authorities match it in their own spelling.
    expect(plateKey('RAK-B-443')).toBe(plateKey('Ras Al Khaimah B 443'));
    for (const bad of [{ code: 'ABC' }, { code: '0' }, { code: '51' }, { number: '0443' }, { number: '123456' }, { emirate: 'Atlantis' }])
      expect(plateOf({ ...car, ...bad }), JSON.stringify(bad)).toBeNull();
  });

  it('gives the values to keep when nothing is wrong: fils, whole numbers, a tidy model, the category’s picture', () => {
    expect(checkCar(car)).toEqual({
      problems: {},
      values: { plate: 'Ras Al Khaimah B 443', model: 'Toyota Land Cruiser', category: 'suv', picture: 'suv', dailyRate: 110_050, deposit: 250_000, odometerKm: 32_000, tankLitres: 93, homeBranchId: 'branch-1', specs: {} },
    });
    expect(amountText(110_050)).toBe('1100.50');
    expect(amountText(24_000)).toBe('240');
  });

  it('names each problem by field, the plate’s on the part that is wrong', () => {
    expect(checkCar({ ...car, emirate: 'Atlantis', dailyRate: '0', deposit: '-5', odometerKm: '2000000', tankLitres: 'full', model: 'x'.repeat(81) }).problems).toEqual({
      emirate: 'required',
      model: 'tooLong',
      dailyRate: 'outOfRange',
      deposit: 'amount',
      odometerKm: 'outOfRange',
      tankLitres: 'wholeNumber',
    });
    expect(checkCar({ ...car, code: '99' }).problems).toEqual({ code: 'plate' });
    expect(checkCar({ ...car, number: '1234567' }).problems).toEqual({ number: 'plate' });
    expect(checkCar({ ...car, category: '' }).problems).toEqual({ category: 'required' });
    expect(checkCar({ ...car, homeBranch: ' ' }).problems).toEqual({ homeBranch: 'required' });
  });

  it('keeps the technical facts given (an engine in both languages or in neither), each checked for a slip', () => {
    const specs = { year: '٢٠٢٤', seats: '7', transmission: 'automatic', fuel: 'hybrid', engineEn: ' 3.5 L  V6 ', engineAr: '3.5 لتر، 6 أسطوانات', horsepower: '', topSpeedKmh: '210' };
    expect(checkCar({ ...car, ...specs }).values!.specs).toEqual({
      year: 2024,
      seats: 7,
      transmission: 'automatic',
      fuel: 'hybrid',
      engine: { en: '3.5 L V6', ar: '3.5 لتر، 6 أسطوانات' },
      topSpeedKmh: 210,
    });
    expect(checkCar({ ...car, ...specs, year: '1066', seats: 'many', engineAr: '', topSpeedKmh: '2100' }).problems).toEqual({
      year: 'outOfRange',
      seats: 'wholeNumber',
      engineAr: 'required',
      topSpeedKmh: 'outOfRange',
    });
    // A transmission or fuel that is not one of the choices is not kept.
    expect(checkCar({ ...car, transmission: 'warp', fuel: 'coal' }).values!.specs).toEqual({});
  });
});
