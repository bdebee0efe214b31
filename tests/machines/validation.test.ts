// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  checkDocument,
  checkEmail,
  checkEmiratesId,
  checkFullName,
  checkMileage,
  checkMobile,
  checkPassword,
  checkinProblems,
  normaliseUaeMobile,
  passwordStrength,
  registrationProblems,
  type Problem,
} from '../../machines/validation';
import { latinDigits } from '../../machines/text';

const NOW = new Date(2026, 10, 21);
const long = (n: number) => 'a'.repeat(n);

/** Each bad input with the problem it must give; then the good ones give none. */
function table(check: (raw: string) => Problem | null, bad: [string, Problem][], good: string[]) {
  expect(bad.length).toBeGreaterThanOrEqual(10);
  it.each(bad)('refuses %j (%s)', (raw, problem) => expect(check(raw)).toBe(problem));
  it.each(good)('accepts %j', (raw) => expect(check(raw)).toBeNull());
}

describe('digits typed on an Arabic keyboard count as digits', () => {
  it('normalises Arabic-Indic and Persian digits', () => {
    expect(latinDigits('٠٥٠ ١٢٣ ٤٥٦٧')).toBe('050 123 4567');
    expect(latinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });
});

describe('full name: two or more words, letters in Latin or Arabic script', () => {
  table(
    checkFullName,
    [
      ['', 'required'],
      ['   ', 'required'],
      ['Mariam', 'nameTwoWords'],
      ['مريم', 'nameTwoWords'],
      ['Мария Иванова', 'nameLetters'],
      ['李 小龙', 'nameLetters'],
      ['Mariam 42', 'nameLetters'],
      ['Mariam @Suwaidi', 'nameLetters'],
      ['٠١٢ ٣٤٥', 'nameLetters'],
      [`${long(50)} ${long(40)}`, 'tooLong'],
      ['- -', 'nameLetters'],
    ],
    ['Mariam Al Suwaidi', '  Mariam   Al-Suwaidi ', 'مريم السويدي', "Sean O'Neill", 'José Álvarez'],
  );
});

describe('e-mail', () => {
  table(
    checkEmail,
    [
      ['', 'required'],
      ['   ', 'required'],
      ['mariam', 'email'],
      ['mariam@', 'email'],
      ['@example.ae', 'email'],
      ['mariam@example', 'email'],
      ['mariam @example.ae', 'email'],
      ['mariam@@example.ae', 'email'],
      ['مريم@مثال', 'email'],
      [`${long(250)}@example.ae`, 'tooLong'],
      ['mariam@example..ae', 'email'],
    ],
    ['mariam@example.ae', ' Mariam.Al-Suwaidi+rent@example.co.ae '],
  );
});

describe('UAE mobile, stored as E.164', () => {
  table(
    checkMobile,
    [
      ['', 'required'],
      ['  ', 'required'],
      ['050 123 456', 'mobile'],
      ['050 123 45678', 'mobile'],
      ['051 123 4567', 'mobile'],
      ['053 123 4567', 'mobile'],
      ['04 123 4567', 'mobile'],
      ['+44 7700 900123', 'mobile'],
      ['phone', 'mobile'],
      ['+971 59 123 4567', 'mobile'],
      ['0000000000', 'mobile'],
    ],
    [
      '+971 50 123 4567',
      '050 123 4567',
      '00971501234567',
      '971-55-123-4567',
      '(058) 123 4567',
      '٠٥٦ ١٢٣ ٤٥٦٧',
    ],
  );
  it('normalises every accepted form to +9715XXXXXXXX', () => {
    for (const raw of ['+971 50 123 4567', '050 123 4567', '00971501234567', '٠٥٠١٢٣٤٥٦٧']) {
      expect(normaliseUaeMobile(raw)).toBe('+971501234567');
    }
  });
});

describe('password: 10+ characters, not only digits, not the e-mail', () => {
  const email = 'mariam@example.ae';
  table(
    (p) => checkPassword(p, email),
    [
      ['', 'required'],
      ['short', 'passwordShort'],
      ['123456789', 'passwordShort'],
      ['abc def', 'passwordShort'],
      ['1234567890', 'passwordDigits'],
      ['١٢٣٤٥٦٧٨٩٠', 'passwordDigits'],
      ['12345678901234', 'passwordDigits'],
      ['mariam@example.ae', 'passwordEmail'],
      ['MARIAM@EXAMPLE.AE', 'passwordEmail'],
      ['Ab1!', 'passwordShort'],
      ['سر', 'passwordShort'],
    ],
    ['desert-rose-42', 'كلمة سر طويلة جدا', 'correct horse battery'],
  );
  it('hints at strength without blocking', () => {
    expect(passwordStrength('abcdefghij')).toBe('weak');
    expect(passwordStrength('desert-rose')).toBe('fair');
    expect(passwordStrength('Desert-Rose-2026')).toBe('strong');
  });
});

describe('Emirates ID 784-YYYY-NNNNNNN-C', () => {
  table(
    (raw) => checkEmiratesId(raw, 2026).problem,
    [
      ['', 'required'],
      ['   ', 'required'],
      ['784-1990-1234567', 'emiratesId'],
      ['785-1990-1234567-6', 'emiratesId'],
      ['784-1890-1234567-6', 'emiratesId'],
      ['784-2030-1234567-6', 'emiratesId'],
      ['784-1990-1234567-66', 'emiratesId'],
      ['ID 784', 'emiratesId'],
      ['784199012345', 'emiratesId'],
      ['abc-defg-hijklmn-o', 'emiratesId'],
      ['7841990123456761', 'emiratesId'],
    ],
    ['784-1990-1234567-6', '784199012345676', '784 1990 1234567 6', '٧٨٤-١٩٩٠-١٢٣٤٥٦٧-٦'],
  );
  it('normalises, and warns (does not block) when the check digit fails', () => {
    expect(checkEmiratesId('784 1990 1234567 6')).toEqual({
      value: '784-1990-1234567-6',
      problem: null,
      warning: null,
    });
    expect(checkEmiratesId('784-1990-1234567-1')).toEqual({
      value: '784-1990-1234567-1',
      problem: null,
      warning: 'emiratesIdCheck',
    });
  });
});

describe('documents: JPEG, PNG or PDF up to 5 MB', () => {
  const file = (type: string, size = 1000, name = 'doc') => ({ name, type, size });
  it.each([
    [null, 'required'],
    [file('image/gif'), 'fileType'],
    [file('image/webp'), 'fileType'],
    [file('image/heic'), 'fileType'],
    [file('text/plain'), 'fileType'],
    [file('application/zip'), 'fileType'],
    [file(''), 'fileType'],
    [file('application/msword'), 'fileType'],
    [file('image/jpeg', 5 * 1024 * 1024 + 1), 'fileSize'],
    [file('application/pdf', 50_000_000), 'fileSize'],
    [file('image/png', 6_000_000), 'fileSize'],
  ] as const)('refuses %j (%s)', (f, problem) => expect(checkDocument(f)).toBe(problem));
  it.each(['image/jpeg', 'image/png', 'application/pdf'])('accepts %s', (type) =>
    expect(checkDocument(file(type, 5 * 1024 * 1024))).toBeNull(),
  );
});

describe('return mileage: a whole number, not below the pickup mileage', () => {
  table(
    (raw) => checkMileage(raw, 12_000),
    [
      ['', 'required'],
      ['  ', 'required'],
      ['11999', 'mileageBelow'],
      ['0', 'mileageBelow'],
      ['12000.5', 'mileage'],
      ['-12500', 'mileage'],
      ['12k', 'mileage'],
      ['twelve', 'mileage'],
      ['12345678', 'mileage'],
      ['١١٩٩٩', 'mileageBelow'],
      ['1e5', 'mileage'],
    ],
    ['12000', '12,840', '١٢٨٤٠', ' 13 000 '],
  );
});

describe('whole forms (zod/mini at the boundary), problems by field', () => {
  const form = {
    fullName: 'Mariam Al Suwaidi',
    email: 'mariam@example.ae',
    phone: '050 123 4567',
    password: 'desert-rose-42',
    confirmPassword: 'desert-rose-42',
    emiratesId: '784-1990-1234567-6',
    emiratesIdExpiry: '2031-01-31',
    licenceExpiry: '2030-06-30',
    emiratesIdFile: { name: 'id.png', type: 'image/png', size: 1000 },
    emiratesIdBackFile: { name: 'id-back.png', type: 'image/png', size: 1000 },
    licenceFile: { name: 'licence.pdf', type: 'application/pdf', size: 1000 },
    termsAccepted: true,
  };
  it('a good registration has no problems; each bad field is named once', () => {
    expect(registrationProblems(form, NOW.getTime())).toEqual({});
    expect(
      registrationProblems({
        ...form,
        fullName: 'Mariam',
        confirmPassword: 'x',
        licenceFile: null,
        termsAccepted: false,
      }, NOW.getTime()),
    ).toEqual({
      fullName: 'nameTwoWords',
      confirmPassword: 'mismatch',
      licenceFile: 'required',
      termsAccepted: 'terms',
    });
  });
  it('registration: the Emirates ID and the licence must still be valid, their dates as on the cards', () => {
    const at = Date.UTC(2026, 10, 26, 8); // 12:00 in Dubai
    const expiring = (emiratesIdExpiry: string, licenceExpiry: string) =>
      registrationProblems({ ...form, emiratesIdExpiry, licenceExpiry }, at);
    // Valid through the last day printed, in Dubai; the day before is over.
    expect(expiring('2026-11-26', '٢٠٢٨-٠٣-٣١')).toEqual({});
    expect(expiring('2026-11-25', '2026-11-26')).toEqual({ emiratesIdExpiry: 'documentExpired' });
    expect(expiring('', '2026-02-30')).toEqual({ emiratesIdExpiry: 'required', licenceExpiry: 'date' });
    expect(expiring('31/12/2030', '2020-01-01')).toEqual({ emiratesIdExpiry: 'date', licenceExpiry: 'documentExpired' });
  });
  it('inspection forms', () => {
    const checkin = { odometer: '12 900', fuel: '1/2', damage: [], photos: ['p1'] };
    expect(checkinProblems(checkin, 12_000)).toEqual({});
    expect(checkinProblems({ ...checkin, odometer: '100', fuel: 'half', photos: [] }, 12_000)).toEqual({
      fuel: 'fuel',
      odometer: 'mileageBelow',
      photos: 'photosRequired',
    });
    // A damage line off the price list needs an amount in dirhams and a reason; a listed one neither.
    const lines = [
      { item: 'scratch', amount: '', note: '' },
      { item: 'other', amount: '', note: '' },
      { item: 'other', amount: '0', note: 'Seat' },
      { item: 'other', amount: '١٬٢٥٠٫٥', note: 'Seat', photos: checkin.photos },
      { item: 'other', amount: '12.345', note: 'Seat' },
      { item: 'other', amount: '1,250.50', note: 'Seat lever', photos: ['not-one-of-the-check-in-photos'] },
      { item: 'bonus', amount: '', note: '' },
    ];
    expect(checkinProblems({ ...checkin, damage: lines }, 12_000)).toEqual({
      'damage.1.amount': 'required',
      'damage.1.note': 'required',
      'damage.1.photos': 'photosRequired',
      'damage.2.amount': 'amount',
      'damage.2.photos': 'photosRequired',
      'damage.4.amount': 'amount',
      'damage.4.photos': 'photosRequired',
      'damage.5.photos': 'photosRequired',
      'damage.6.item': 'required',
    });
  });
});
