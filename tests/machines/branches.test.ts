// A branch as its admin types it, and whether it is open when a renter comes: the rules the branch
// form and the server share (machines/branches.ts), and the ones search and booking apply.
import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN, checkBranch, hoursInput, isOpenAt, type BranchInput } from '../../machines/branches';
import { fromDubaiInput } from '../../machines/booking';

const week = (open: string, close: string) => Array.from({ length: 7 }, () => ({ closed: false, open, close }));
const BRANCH: BranchInput = {
  nameEn: ' Ajman   Corniche ',
  nameAr: 'كورنيش عجمان',
  place: 'sharjah-city',
  addressEn: 'Corniche Street, Ajman',
  addressAr: 'شارع الكورنيش، عجمان',
  coordinates: '٢٥٫٤١١١، ٥٥٫٤٣٥٤',
  hours: week('08:00', '22:00'),
};

describe('a branch as its admin types it', () => {
  it('keeps tidy names, the place, the point in any digits, and each day’s hours', () => {
    const { problems, values } = checkBranch({ ...BRANCH, hours: BRANCH.hours.map((d, day) => (day === 5 ? { ...d, open: '14:00' } : day === 6 ? { ...d, closed: true } : d)) });
    expect(problems).toEqual({});
    expect(values).toMatchObject({ nameEn: 'Ajman Corniche', place: 'sharjah-city', lat: 25.4111, lng: 55.4354 });
    // By weekday as JavaScript counts them: Friday opens at 14:00, Saturday is closed.
    expect(values!.hours[5]).toEqual({ open: '14:00', close: '22:00' });
    expect(values!.hours[6]).toBeNull();
  });

  it('reads a close at 00:00 as midnight, the end of the day, and shows it so again', () => {
    const { values } = checkBranch({ ...BRANCH, hours: week('00:00', '00:00') });
    expect(values!.hours).toEqual(ALWAYS_OPEN);
    expect(hoursInput(values!.hours)[1]).toEqual({ closed: false, open: '00:00', close: '00:00' });
  });

  it('names each problem by its field: no names, no place, a point outside the UAE, a day that closes before it opens', () => {
    const hours = BRANCH.hours.map((d, day) => (day === 1 ? { ...d, close: '07:00' } : day === 2 ? { ...d, open: '25:00' } : day === 3 ? { ...d, close: '' } : d));
    expect(checkBranch({ ...BRANCH, nameEn: ' ', nameAr: 'x'.repeat(81), place: 'atlantis', addressAr: '', coordinates: '55.27, 25.20', hours }).problems).toEqual({
      nameEn: 'required',
      nameAr: 'tooLong',
      place: 'required',
      addressAr: 'required',
      coordinates: 'outsideUae',
      'close-1': 'closesBeforeOpening',
      'open-2': 'time',
      'close-3': 'required',
    });
    expect(checkBranch({ ...BRANCH, coordinates: 'near the mall' }).problems).toEqual({ coordinates: 'coordinates' });
  });

  it('refuses a branch with no hours at all', () => {
    expect(checkBranch({ ...BRANCH, hours: BRANCH.hours.map((d) => ({ ...d, closed: true })) }).problems).toEqual({ hours: 'noHours' });
  });
});

describe('a branch open when the renter comes', () => {
  const { values } = checkBranch({ ...BRANCH, hours: BRANCH.hours.map((d, day) => (day === 5 ? { ...d, open: '14:00' } : day === 6 ? { ...d, closed: true } : d)) });
  const at = (dubai: string) => fromDubaiInput(dubai)!;

  it('is open from its opening to its closing, by the Dubai clock', () => {
    // 2026-12-01 is a Tuesday.
    expect(isOpenAt(values!.hours, at('2026-12-01T08:00'))).toBe(true);
    expect(isOpenAt(values!.hours, at('2026-12-01T21:59'))).toBe(true);
    expect(isOpenAt(values!.hours, at('2026-12-01T22:00'))).toBe(false);
    expect(isOpenAt(values!.hours, at('2026-12-01T07:59'))).toBe(false);
  });

  it('keeps each day’s own hours: Friday afternoon only, closed on Saturday', () => {
    expect(isOpenAt(values!.hours, at('2026-12-04T10:00'))).toBe(false);
    expect(isOpenAt(values!.hours, at('2026-12-04T15:00'))).toBe(true);
    expect(isOpenAt(values!.hours, at('2026-12-05T12:00'))).toBe(false);
  });

  it('is always open around the clock', () => {
    expect(isOpenAt(ALWAYS_OPEN, at('2026-12-05T03:30'))).toBe(true);
    expect(isOpenAt(ALWAYS_OPEN, at('2026-12-05T23:59'))).toBe(true);
  });
});
