import type { ReactNode } from 'react';
import { ChevronRight, type LucideIcon } from 'lucide-react';
import type { BookingSummary } from '../client/api';
import { useLocale } from '../i18n/locale';
import { Link } from './Link';
import styles from './BookingLinks.module.css';

/**
 * Bookings as cards, each opening its Booking Details: the car's name, then what `lines` says of the
 * booking (Reservations: dates, places and status; Past Rentals: what it cost).
 */
export function BookingLinks({
  bookings,
  icon: Icon,
  lines,
}: {
  bookings: BookingSummary[];
  icon: LucideIcon;
  lines: (booking: BookingSummary) => ReactNode;
}) {
  const { to } = useLocale();
  return (
    <ul className={styles.list}>
      {bookings.map((booking) => (
        <li key={booking.bookingId}>
          <Link to={to('bookingDetails', booking.bookingId)} className={styles.item}>
            <Icon aria-hidden size={24} className={styles.icon} />
            <span className={styles.text}>
              <span className={styles.car}>{booking.car.model}</span>
              {lines(booking)}
            </span>
            <ChevronRight aria-hidden size={20} className="flip-rtl" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One line under the car's name, in the quieter type. */
export const BookingLine = ({ children }: { children: ReactNode }) => (
  <span className={styles.line}>{children}</span>
);
