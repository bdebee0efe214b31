import type { Lang } from './en';
import { FILS_PER_AED, type Fils } from '../../machines/money';

// Intl locale per language. Arabic pins Latin digits (older engines default to Arabic-Indic);
// English uses en-US date order because the product's sample dates read 'Fri, Jan 12, 12:00 PM'.
const INTL: Record<Lang, string> = { en: 'en-US', ar: 'ar-AE-u-nu-latn' };

/** Fills `{name}` placeholders of a catalog string. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/**
 * A catalog entry that depends on a count, keyed by the language's plural categories (Intl.PluralRules):
 * English needs `one` and `other`; Arabic has `zero`, `one`, `two`, `few` (3–10), `many` (11–99) and
 * `other` (100…), and its one and two forms usually drop the number ("يوم واحد", "يومان").
 */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const pluralRules = new Map<Lang, Intl.PluralRules>();

/** The form of `forms` for `n` in `lang`, with `{n}` (and any other `values`) filled in. */
export function plural(forms: Plural, n: number, lang: Lang, values: Record<string, string | number> = {}): string {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(INTL[lang])));
  return fill(forms[rules.select(n)] ?? forms.other, { n: formatNumber(n, lang), ...values });
}

// Making an Intl formatter costs far more than using one, and a screen of car cards formats dozens
// of figures: each formatter is made once per language and options, then reused.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let made = formatters.get(key) as F | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}
const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  formatter(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  formatter(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

// The app's own figures and UAE dates are written here, from each language's names, as Intl writes
// them (tests/format.test.ts holds the two to the same text over years of dates and amounts). A page's
// first Intl number or date formatter loads ICU's locale data: 35-50 ms at Lighthouse's 4x CPU
// (Chromium 156), in one call nothing can split, and every screen with an amount or a date made one
// as it started. What this does not cover (fractions, measures, other time zones) still goes to Intl.
const AR_WEEKDAYS = ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'];
const NAMES: Record<Lang, { minus: string; weekdays: string[]; weekdaysLong: string[]; months: string[]; periods: [string, string] }> = {
  en: {
    minus: '-',
    weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    weekdaysLong: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    periods: ['AM', 'PM'],
  },
  ar: {
    // A left-to-right mark keeps the sign before the digits in a right-to-left line.
    minus: '\u200e-',
    weekdays: AR_WEEKDAYS,
    // Arabic's short weekday is its whole name.
    weekdaysLong: AR_WEEKDAYS,
    months: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
    periods: ['ص', 'م'],
  },
};

/** An integer's digits in groups of three: 1,234,567. A zero has no sign. */
function writeInteger(n: number, lang: Lang): string {
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? NAMES[lang].minus + digits : digits;
}

/** `1,260.00`: every amount with its two decimals, so no figure reads differently on another screen. */
export function formatAmount(fils: Fils, lang: Lang): string {
  if (!Number.isSafeInteger(fils)) {
    return numberFormat(INTL[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fils / FILS_PER_AED);
  }
  const abs = Math.abs(fils);
  const written = `${writeInteger(Math.floor(abs / FILS_PER_AED), lang)}.${String(abs % FILS_PER_AED).padStart(2, '0')}`;
  return fils < 0 ? NAMES[lang].minus + written : written;
}

/** A plain number, or a measure such as `{ style: 'unit', unit: 'kilometer-per-hour' }`. */
export function formatNumber(n: number, lang: Lang, options?: Intl.NumberFormatOptions): string {
  if (options === undefined && Number.isSafeInteger(n)) return writeInteger(n, lang);
  return numberFormat(INTL[lang], options).format(n);
}

const DATE_STYLES = {
  /** Fri, Jan 12, 12:00 PM */
  dateTime: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** Jan 12, 2024 (Arabic: 12 يناير 2024, not the all-digit 12/1/2024 of dateStyle) */
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  /** 9:30 AM */
  time: { hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

/** The time zone the app's calendar days and times are in: the UAE's, where every car is picked up. */
export const TIME_ZONE = 'Asia/Dubai';

// The UAE has kept UTC+4, without summer time, since 1920.
const UAE_OFFSET_MS = 4 * 60 * 60 * 1000;

/** The instant as a UTC date that reads UAE time, or null where the app's own writing does not apply. */
function inUae(date: Date, timeZone: string): Date | null {
  if (timeZone !== TIME_ZONE) return null;
  const shifted = new Date(date.getTime() + UAE_OFFSET_MS);
  const year = shifted.getUTCFullYear();
  return year >= 1970 && year <= 9999 ? shifted : null; // NaN (an invalid date) fails too
}

/** The three styles, as en-US and ar-AE write them. */
const WRITTEN: Record<Lang, Record<DateStyle, (at: Date, time: string) => string>> = {
  en: {
    dateTime: (at, time) => `${NAMES.en.weekdays[at.getUTCDay()]}, ${NAMES.en.months[at.getUTCMonth()]} ${at.getUTCDate()}, ${time}`,
    date: (at) => `${NAMES.en.months[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()}`,
    time: (_, time) => time,
  },
  ar: {
    dateTime: (at, time) => `${NAMES.ar.weekdays[at.getUTCDay()]}، ${at.getUTCDate()} ${NAMES.ar.months[at.getUTCMonth()]}، ${time}`,
    date: (at) => `${at.getUTCDate()} ${NAMES.ar.months[at.getUTCMonth()]} ${at.getUTCFullYear()}`,
    time: (_, time) => time,
  },
};

/** A date in UAE time by default, as the booking's date and time inputs take it, wherever the phone is set. */
export function formatDate(date: Date, lang: Lang, style: DateStyle, timeZone: string = TIME_ZONE): string {
  const at = inUae(date, timeZone);
  if (!at) return dateFormat(INTL[lang], { ...DATE_STYLES[style], timeZone }).format(date);
  const hours = at.getUTCHours();
  const time = `${hours % 12 || 12}:${String(at.getUTCMinutes()).padStart(2, '0')} ${NAMES[lang].periods[hours < 12 ? 0 : 1]}`;
  return WRITTEN[lang][style](at, time);
}

/** A weekday's name (0 Sunday … 6 Saturday): `Sunday` or `Sun`. */
export const weekdayName = (day: number, lang: Lang, width: 'long' | 'short' = 'long') =>
  (width === 'long' ? NAMES[lang].weekdaysLong : NAMES[lang].weekdays)[day]!;

/** The calendar day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function dayOf(date: Date, timeZone: string = TIME_ZONE): string {
  const at = inUae(date, timeZone);
  if (at) return at.toISOString().slice(0, 10);
  // en-CA writes dates as YYYY-MM-DD.
  return dateFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** The calendar day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}


/** The emirates as a plate names them, and in Arabic. */
export const EMIRATE_NAMES: [string, string][] = [
  ['Abu Dhabi', 'أبوظبي'],
  ['Dubai', 'دبي'],
  ['Sharjah', 'الشارقة'],
  ['Ajman', 'عجمان'],
  ['Umm Al Quwain', 'أم القيوين'],
  ['Ras Al Khaimah', 'رأس الخيمة'],
  ['Fujairah', 'الفجيرة'],
];

/** A plate as the reader's language says it: `Dubai K 48213` is `دبي K 48213` in Arabic (the code and number stay). */
export function formatPlate(plate: string, lang: Lang): string {
  if (lang === 'en') return plate;
  const named = EMIRATE_NAMES.find(([en]) => plate.startsWith(`${en} `));
  return named ? `${named[1]}${plate.slice(named[0].length)}` : plate;
}

/**
 * Text of either direction inside a sentence of the other (an authority's English description in an
 * Arabic title): first-strong isolated, so it keeps its own order and does not reorder its neighbours.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;
