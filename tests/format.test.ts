// The app writes its amounts, figures and UAE dates itself (src/i18n/format.ts): a page's first Intl
// formatter costs a phone a long task as it starts. These hold that writing to Intl's own text for
// the same languages and options, over many values, so a reader sees exactly what Intl would show.
import { describe, expect, it } from 'vitest';
import { dayOf, formatAmount, formatDate, formatNumber, weekdayName, type DateStyle } from '../src/i18n/format';
import type { Lang } from '../src/i18n/en';

const LOCALES: Record<Lang, string> = { en: 'en-US', ar: 'ar-AE-u-nu-latn' };
const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
};
const LANGS: Lang[] = ['en', 'ar'];

/** The same values on every run: a small linear congruential generator. */
function values(count: number, seed: number, below: number): number[] {
  let x = seed;
  return Array.from({ length: count }, () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return Math.floor((x / 2 ** 31) * below);
  });
}

describe('amounts and figures as Intl writes them', () => {
  const magnitudes = [1, 10, 100, 1_000, 100_000, 10_000_000, 1_000_000_000_000];
  const amounts = [0, 1, 5, 99, 100, 101, 999_999, 1_000_000, ...magnitudes.flatMap((m, i) => values(40, i + 1, m))];

  it.each(LANGS)('amounts in %s, with two decimals and a sign where it is negative', (lang) => {
    const intl = new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const fils of [...amounts, ...amounts.map((a) => -a).filter((a) => a !== 0)]) {
      expect(formatAmount(fils, lang), `${fils} fils`).toBe(intl.format(fils / 100));
    }
  });

  it.each(LANGS)('whole figures in %s', (lang) => {
    const intl = new Intl.NumberFormat(LOCALES[lang]);
    for (const n of [...amounts, ...amounts.map((a) => -a).filter((a) => a !== 0)]) {
      expect(formatNumber(n, lang), String(n)).toBe(intl.format(n));
    }
  });

  it('writes a zero amount without a minus sign, however it was reached', () => {
    // Intl writes -0 as "-0.00": a refund of nothing read as a charge.
    expect(formatAmount(-0, 'en')).toBe('0.00');
    expect(formatAmount(-0, 'ar')).toBe('0.00');
  });

  it('still asks Intl for fractions and measures', () => {
    expect(formatNumber(1.5, 'en')).toBe('1.5');
    expect(formatNumber(220, 'en', { style: 'unit', unit: 'kilometer-per-hour' })).toBe('220 km/h');
  });
});

describe('dates in UAE time as Intl writes them', () => {
  const HOUR = 3_600_000;
  // Every hour across a new year in UAE time (the UTC date is a day behind until 04:00), the first
  // of each month, and instants from 1970 to 2100.
  const newYear = Date.UTC(2026, 11, 31, 0);
  const instants = [
    ...Array.from({ length: 72 }, (_, h) => newYear + h * HOUR + 7 * 60_000),
    ...Array.from({ length: 12 }, (_, m) => Date.UTC(2027, m, 1, 8, 30)),
    ...values(400, 7, Date.UTC(2100, 0, 1)),
  ];

  it.each(LANGS)('each style in %s', (lang) => {
    for (const style of Object.keys(STYLES) as DateStyle[]) {
      const intl = new Intl.DateTimeFormat(LOCALES[lang], { ...STYLES[style], timeZone: 'Asia/Dubai' });
      for (const at of instants) {
        expect(formatDate(new Date(at), lang, style), `${style} ${new Date(at).toISOString()}`).toBe(intl.format(at));
      }
    }
  });

  it('the calendar day an instant falls on in the UAE', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (const at of instants) expect(dayOf(new Date(at)), new Date(at).toISOString()).toBe(intl.format(at));
    // 23:30 on 31 December in London is already the new year in Dubai.
    expect(dayOf(new Date(Date.UTC(2026, 11, 31, 23, 30)))).toBe('2027-01-01');
  });

  it('another time zone, and a date that is not one, are still Intl’s', () => {
    const at = new Date(Date.UTC(2026, 6, 1, 9, 5));
    expect(formatDate(at, 'en', 'time', 'Europe/London')).toBe('10:05 AM');
    expect(dayOf(at, 'America/New_York')).toBe('2026-07-01');
    expect(() => formatDate(new Date(Number.NaN), 'en', 'date')).toThrow(RangeError);
  });

  it.each(LANGS)('weekday names in %s', (lang) => {
    for (const width of ['long', 'short'] as const) {
      const intl = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-AE' : 'en-GB', { weekday: width, timeZone: 'UTC' });
      // 4 January 2026 was a Sunday.
      for (let day = 0; day < 7; day++) expect(weekdayName(day, lang, width)).toBe(intl.format(Date.UTC(2026, 0, 4 + day)));
    }
  });
});
