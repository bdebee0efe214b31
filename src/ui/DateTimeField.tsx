import type { ComponentProps } from 'react';
import { fromDubaiInput } from '../../machines/booking';
import { fill, formatDate } from '../i18n/format';
import { useLocale } from '../i18n/locale';
import { TextField } from './Field';

/**
 * A date and time on Dubai's clock (the native picker), with the time picked written under it in the
 * page's language: the picker follows the browser's language, so an Arabic page would otherwise show
 * it only as 11/30/2026, 10:00 AM. A value equal to `first` (what the page came with) is not read out:
 * the prerendered page's first render is the build's, and a hint that grew as it hydrated would move
 * the page under the user.
 */
export function DateTimeField({ value, first = '', ...input }: Omit<ComponentProps<typeof TextField>, 'type' | 'hint' | 'value'> & { value: string; first?: string }) {
  const { t, lang } = useLocale('forms');
  const at = value === first ? null : fromDubaiInput(value);
  const hint = at === null ? t.time.hint : fill(t.time.read, { date: formatDate(new Date(at), lang, 'dateTime') });
  return <TextField type="datetime-local" value={value} hint={hint} {...input} />;
}

/** A day (the native date picker), with the day picked written under it in the page's language. */
export function DateField({ value, ...input }: Omit<ComponentProps<typeof TextField>, 'type' | 'hint' | 'value'> & { value: string }) {
  const { lang } = useLocale();
  // Noon in Dubai: the same calendar day whatever the device's own time zone.
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T12:00:00+04:00`) : NaN;
  return <TextField type="date" value={value} hint={Number.isNaN(at) ? undefined : formatDate(new Date(at), lang, 'date')} {...input} />;
}
