// How the fleet's screens say a period: a booking's or a maintenance block's, from and until, in the
// reader's language (the words give the order: "Booking {number}, {from} to {until}").
import { fill, formatDate } from '../../i18n/format';

export const periodText = (p: { from: number; until: number; number?: string }, words: string, lang: 'en' | 'ar') =>
  fill(words, { ...(p.number ? { number: p.number } : {}), from: formatDate(new Date(p.from), lang, 'dateTime'), until: formatDate(new Date(p.until), lang, 'dateTime') });
