import { Car } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { Fill } from '../../ui/Fill';
import { Money } from '../../ui/Money';
import { Stack } from '../../ui/Section';
import { BookingLine, BookingLinks } from '../../ui/BookingLinks';
import { RenterBookings } from '../../ui/bookings';
import styles from './PastRentals.module.css';

/** The renter's finished rentals, each with what it finally cost and what came back from the deposit. */
export default function PastRentals() {
  const { t, lang } = useLocale('rental');
  const p = t.pastRentals;
  return (
    <Stack>
      <h2 className={styles.heading}>{p.heading}</h2>
      <RenterBookings>
        {(bookings) => {
          const past = bookings.filter((b) => b.status === 'completed');
          if (past.length === 0) return <p role="status">{p.none}</p>;
          return (
            <BookingLinks
              bookings={past}
              icon={Car}
              lines={(rental) => (
                <>
                  <BookingLine>
                    {fill(p.booking, { number: rental.number })} · {formatDate(new Date(rental.returnAt), lang, 'date')}
                  </BookingLine>
                  <BookingLine>
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
                  </BookingLine>
                </>
              )}
            />
          );
        }}
      </RenterBookings>
    </Stack>
  );
}
