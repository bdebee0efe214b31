import { Link } from 'react-router-dom';
import { Car, ChevronRight } from 'lucide-react';
import { carOf } from '../../../machines/fleet';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { Fill } from '../../ui/Fill';
import { Money } from '../../ui/Money';
import { Stack } from '../../ui/Section';
import { RenterBookings } from '../../ui/bookings';
import styles from './PastRentals.module.css';

/** The renter's finished rentals, each with what it finally cost and what came back from the deposit. */
export default function PastRentals() {
  const { t, to, lang } = useLocale();
  const p = t.pastRentals;
  return (
    <Stack>
      <h2 className={styles.heading}>{p.heading}</h2>
      <RenterBookings>
        {(bookings) => {
          const past = bookings.filter((b) => b.status === 'completed');
          if (past.length === 0) return <p role="status">{p.none}</p>;
          return (
            <ul className={styles.list}>
              {past.map((rental) => (
                <li key={rental.bookingId}>
                  <Link to={to('bookingDetails', rental.bookingId)} className={styles.item}>
                    <Car aria-hidden size={24} className={styles.icon} />
                    <span className={styles.text}>
                      <span className={styles.car}>{carOf(rental.carId).model}</span>
                      <span className={styles.number}>
                        {fill(p.booking, { number: rental.number })} · {formatDate(new Date(rental.returnAt), lang, 'date')}
                      </span>
                      <span className={styles.number}>
                        <Fill text={p.charged} values={{ amount: <Money fils={rental.charged} /> }} />
                        {rental.refund && (
                          <>
                            {' · '}
                            {rental.refund.due > 0 ? (
                              <Fill text={p.owed} values={{ amount: <Money fils={rental.refund.due} /> }} />
                            ) : (
                              <Fill text={p.refunded} values={{ amount: <Money fils={rental.refund.refunded} /> }} />
                            )}
                          </>
                        )}
                      </span>
                    </span>
                    <ChevronRight aria-hidden size={20} className="flip-rtl" />
                  </Link>
                </li>
              ))}
            </ul>
          );
        }}
      </RenterBookings>
    </Stack>
  );
}
