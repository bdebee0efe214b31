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

/** `1,260.00`: every amount with its two decimals, so no figure reads differently on another screen. */
export function formatAmount(fils: Fils, lang: Lang): string {
  return numberFormat(INTL[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fils / FILS_PER_AED);
}

/** A plain number, or a measure such as `{ style: 'unit', unit: 'kilometer-per-hour' }`. */
export function formatNumber(n: number, lang: Lang, options?: Intl.NumberFormatOptions): string {
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

/**
 * Makes the language's amount, number and date formatters, one per call, before a first render needs
 * them: a locale's first Intl formatter loads that locale's data, too long a wait inside a render on
 * a slow phone, so the prerendered page's start makes each in a task of its own (src/main.tsx).
 */
export const formatterMakers = (lang: Lang): (() => string)[] => [
  () => formatAmount(0, lang),
  () => formatNumber(0, lang),
  ...(Object.keys(DATE_STYLES) as DateStyle[]).map((style) => () => formatDate(new Date(0), lang, style)),
];

/** A date in UAE time by default, as the booking's date and time inputs take it, wherever the phone is set. */
export function formatDate(date: Date, lang: Lang, style: DateStyle, timeZone: string = TIME_ZONE): string {
  return dateFormat(INTL[lang], { ...DATE_STYLES[style], timeZone }).format(date);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `timeZone`. */
export function dayOf(date: Date, timeZone: string = TIME_ZONE): string {
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
