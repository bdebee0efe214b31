import { useParams } from 'react-router-dom';
import { CircleAlert } from 'lucide-react';
import { carOf } from '../../../machines/fleet';
import { useLocale } from '../../i18n/locale';
import { formatDate } from '../../i18n/format';
import { LOCATION_NAMES } from '../../data/sample';
import type { BookingSummary } from '../../client/api';
import { ButtonLink } from '../../ui/Button';
import { FormError } from '../../ui/Form';
import { IconList } from '../../ui/IconList';
import { Facts, Section, Stack } from '../../ui/Section';
import { RenterBookings } from '../../ui/bookings';
import styles from './BookingDetails.module.css';

/** `/booking-details/:id`: that booking of the renter's; `/booking-details`: their latest. */
export default function BookingDetails() {
  const { param } = useParams();
  const { t, to } = useLocale();
  const b = t.bookingDetails;
  return (
    <Stack>
      <RenterBookings>
        {(bookings) => {
          const booking = param ? bookings.find((x) => x.bookingId === param) : bookings[0];
          if (booking) return <Details booking={booking} />;
          if (param) return <FormError>{b.notFound}</FormError>;
          return (
            <Section title={b.number}>
              <p role="status">{b.none}</p>
              <ButtonLink to={to('home')}>{b.findCar}</ButtonLink>
            </Section>
          );
        }}
      </RenterBookings>
    </Stack>
  );
}

function Details({ booking }: { booking: BookingSummary }) {
  const { t, lang } = useLocale();
  const b = t.bookingDetails;
  const car = carOf(booking.carId);
  const status = b.statuses[booking.status];
  return (
    <>
      <div className={styles.summary}>
        <div>
          <p className={styles.label}>{b.number}</p>
          <p className={styles.number}>{booking.number}</p>
        </div>
        <p className={styles.status}>
          <span className="visually-hidden">{b.status}: </span>
          {status}
        </p>
      </div>

      <Section title={b.car}>
        <Facts
          rows={[
            { label: b.type, value: b.categories[car.category] },
            { label: b.plate, value: <bdi>{car.plate}</bdi> },
            { label: b.model, value: <bdi>{car.model}</bdi> },
          ]}
        />
      </Section>

      <Section title={b.schedule}>
        <Facts
          rows={[
            { label: b.pickup, value: <time>{formatDate(new Date(booking.pickupAt), lang, 'dateTime')}</time> },
            { label: b.return, value: <time>{formatDate(new Date(booking.returnAt), lang, 'dateTime')}</time> },
            { label: b.pickupLocation, value: LOCATION_NAMES[booking.pickupLocation][lang] },
            { label: b.returnLocation, value: LOCATION_NAMES[booking.dropoffLocation][lang] },
            { label: b.status, value: status },
          ]}
        />
      </Section>

      {booking.status !== 'completed' && (
        <Section title={b.notes}>
          <IconList Icon={CircleAlert} items={[b.noteLicence, b.noteFuel]} tone="accent" />
        </Section>
      )}
    </>
  );
}
