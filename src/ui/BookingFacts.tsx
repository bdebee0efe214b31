import type { Booking } from '../../machines/journey-rules';
import { LOCATION_NAMES } from '../data/content';
import { formatDate } from '../i18n/format';
import { useLocale } from '../i18n/locale';
import { Facts } from './Section';

/**
 * What a booking is about, as every step of it names it: the car, where and when it is picked up and
 * returned (one date-time format per language, in UAE time). Rental Contract and Payment show it, so
 * nobody pays or signs without seeing which car and which days.
 */
export function BookingFacts({ booking }: { booking: Booking }) {
  const { t, lang } = useLocale('rental');
  const c = t.rentalContract;
  return (
    <Facts
      rows={[
        { label: c.carModel, value: booking.car.model },
        { label: c.pickupLocation, value: LOCATION_NAMES[booking.pickupLocation][lang] },
        { label: c.dropoffLocation, value: LOCATION_NAMES[booking.dropoffLocation][lang] },
        { label: c.pickupDate, value: <time>{formatDate(new Date(booking.pickupAt), lang, 'dateTime')}</time> },
        { label: c.dropoffDate, value: <time>{formatDate(new Date(booking.dropoffAt), lang, 'dateTime')}</time> },
      ]}
    />
  );
}
