import { useParams } from 'react-router-dom';
import { Plate } from '../../ui/Plate';
import { CircleAlert } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { fill, formatDate } from '../../i18n/format';
import { LOCATION_NAMES } from '../../data/content';
import type { BookingSummary } from '../../client/api';
import { ButtonLink } from '../../ui/Button';
import { FormError } from '../../ui/Form';
import { IconList } from '../../ui/IconList';
import { Facts, Section, Stack } from '../../ui/Section';
import { RenterBookings } from '../../ui/bookings';
import { CancelBooking } from '../../ui/CancelBooking';
import { Money } from '../../ui/Money';
import { BookingPapers } from '../../ui/BookingPapers';
import { ChangeBooking } from './ChangeBooking';
import styles from './BookingDetails.module.css';

/** `/booking-details/:id`: that booking of the renter's; `/booking-details`: their latest. */
export default function BookingDetails() {
  const { param } = useParams();
  const { t, to } = useLocale('rental');
  const b = t.bookingDetails;
  return (
    <Stack>
      <RenterBookings>
        {(bookings) => {
          const booking = param ? bookings.find((x) => x.bookingId === param) : bookings[0];
          // Only the latest booking can still be changed: the live journey is that one.
          if (booking) return <Details booking={booking} current={booking.bookingId === bookings[0]?.bookingId} />;
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

function Details({ booking, current }: { booking: BookingSummary; current: boolean }) {
  const { t, lang, to } = useLocale('rental');
  const b = t.bookingDetails;
  const { car } = booking;
  const status = b.statuses[booking.status];
  return (
    <>
      <div className={styles.summary}>
        <div>
          <p className={styles.label}>{b.number}</p>
          <p className={styles.number}>{booking.number}</p>
          {booking.contract && (
            <>
              <p className={styles.label}>{b.contract}</p>
              <p className={styles.number}>{booking.contract}</p>
            </>
          )}
        </div>
        <p className={styles.status}>
          <span className="visually-hidden">{b.status}: </span>
          {status}
        </p>
      </div>

      <Section title={b.car}>
        <Facts
          rows={[
            { label: b.type, value: t.categories[car.category] },
            { label: b.plate, value: <Plate plate={car.plate} /> },
            { label: b.model, value: <bdi>{car.model}</bdi> },
          ]}
        />
        {booking.movedFrom && <p>{fill(b.movedFrom, { model: booking.movedFrom.model })}</p>}
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

      {booking.money.length > 0 && (
        <Section title={b.money}>
          <Facts
            rows={booking.money.map((m) => ({
              label: (
                <>
                  {b.moneyKinds[m.kind]}
                  <span className={styles.when}>
                    <time>{formatDate(new Date(m.at), lang, 'dateTime')}</time>
                  </span>
                </>
              ),
              value: <Money fils={m.amount} />,
            }))}
          />
        </Section>
      )}

      {booking.status !== 'unpaid' && <BookingPapers bookingId={booking.bookingId} />}

      {booking.cancellation && (
        <Section title={t.bookingChanges.cancelTitle}>
          <Facts
            rows={[
              { label: b.cancelledOn, value: <time>{formatDate(new Date(booking.cancellation.at), lang, 'dateTime')}</time> },
              ...(booking.cancellation.noShow ? [{ label: b.cancelReason, value: b.noShowReason }] : []),
              { label: b.cancellationFee, value: <Money fils={booking.cancellation.fee} /> },
              { label: b.refunded, value: <Money fils={booking.cancellation.refunded} />, strong: true },
            ]}
          />
          <ButtonLink to={to('search')}>{t.bookingChanges.findAnother}</ButtonLink>
        </Section>
      )}

      {(booking.status === 'upcoming' || booking.status === 'active') && (
        <Section title={b.notes}>
          <IconList Icon={CircleAlert} items={[b.noteLicence, b.noteFuel]} tone="accent" />
        </Section>
      )}

      {current && booking.status === 'upcoming' && (
        <>
          <ChangeBooking />
          <CancelBooking />
        </>
      )}
    </>
  );
}
