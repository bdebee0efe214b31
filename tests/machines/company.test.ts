// A company's profile rules (machines/company.ts): a VAT number and a support line as admins type them,
// in any spacing or script, and what each refuses.
import { describe, expect, it } from 'vitest';
import { companyProfileProblems, formatUaePhone, normaliseTrn, normaliseUaePhone } from '../../machines/company';

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
  };

  it('takes a company with no VAT number (below the threshold)', () => expect(companyProfileProblems(good)).toEqual({}));

  it('names each problem by its field', () =>
    expect(companyProfileProblems({ ...good, nameEn: ' ', subtitleAr: 'س'.repeat(81), trn: '123', addressAr: '', supportPhone: '' })).toEqual({
      nameEn: 'required',
      subtitleAr: 'tooLong',
      trn: 'trn',
      addressAr: 'required',
      supportPhone: 'required',
    }));
});
