import type { Lang } from '../../i18n/en';

/** A weekday's name (0 Sunday … 6 Saturday) in the reader's language: 4 January 2026 was a Sunday. */
export const dayName = (day: number, lang: Lang, width: 'long' | 'short' = 'long') =>
  new Intl.DateTimeFormat(lang === 'ar' ? 'ar-AE' : 'en-GB', { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2026, 0, 4 + day));
