import { lazy, Suspense } from 'react';
import { CalendarCheck } from 'lucide-react';
import type { BookingSummary } from '../../client/api';
import { LOCATION_NAMES } from '../../data/content';
import { fill, formatDate } from '../../i18n/format';
import { useLocale } from '../../i18n/locale';
import { BookingLine, BookingLinks } from '../../ui/BookingLinks';
import { RenterBookings } from '../../ui/bookings';
import { ButtonLink } from '../../ui/Button';
import { Fill } from '../../ui/Fill';
import { Money } from '../../ui/Money';
import { useSessionState } from '../../ui/session';
import { Section, Stack } from '../../ui/Section';
import styles from './Reservations.module.css';

/** The rental that is out, on top (its own chunk, as on Home). */
const CurrentRental = lazy(() => import('../../ui/CurrentRental'));

type Group = 'unpaid' | 'upcoming' | 'active' | 'past';

/** Which group a booking is listed under; a cancelled booking is over, like a finished one. */
const GROUP_OF: Record<BookingSummary['status'], Group> = {
  unpaid: 'unpaid',
  upcoming: 'upcoming',
  active: 'active',
  completed: 'past',
  cancelled: 'past',
};

/** Soonest first for what is ahead; most recent first for what is over. */
const ORDER: Record<Group, (a: BookingSummary, b: BookingSummary) => number> = {
  unpaid: (a, b) => a.pickupAt - b.pickupAt,
  upcoming: (a, b) => a.pickupAt - b.pickupAt,
  active: (a, b) => a.returnAt - b.returnAt,
  past: (a, b) => b.returnAt - a.returnAt,
};

/** The renter's bookings by where they stand, each opening its Booking Details. */
export default function Reservations() {
  const { t, to } = useLocale('rental');
  const r = t.reservations;
  const { user } = useSessionState();
  if (user?.role !== 'renter')
    return (
      <Stack>
        <Section title={r.heading}>
          <p>{r.signIn}</p>
          <ButtonLink to={to('logIn')}>{r.logIn}</ButtonLink>
        </Section>
      </Stack>
    );
  return (
    <Stack>
      <Suspense fallback={null}>
        <CurrentRental />
      </Suspense>
      <RenterBookings>{(bookings) => <Groups bookings={bookings} />}</RenterBookings>
    </Stack>
  );
}

function Groups({ bookings }: { bookings: BookingSummary[] }) {
  const { t, to } = useLocale('rental');
  const r = t.reservations;
  const of = (group: Group) => bookings.filter((b) => GROUP_OF[b.status] === group).sort(ORDER[group]);
  const booked = (['upcoming', 'active', 'past'] as const).filter((group) => of(group).length > 0);
  const unpaid = of('unpaid');
  return (
    <>
      {booked.length === 0 && (
        <Section title={r.heading}>
          <p>{r.none}</p>
          <ButtonLink to={to('search')}>{r.search}</ButtonLink>
        </Section>
      )}
      {booked.map((group) => (
        <Section key={group} title={r[group]} bare>
          <BookingList bookings={of(group)} />
        </Section>
      ))}
      {unpaid.length > 0 && (
        <Section title={r.unpaid} bare>
          <p className={styles.note}>{r.unpaidText}</p>
          <BookingList bookings={unpaid} />
        </Section>
      )}
    </>
  );
}

function BookingList({ bookings }: { bookings: BookingSummary[] }) {
  const { t, lang } = useLocale('rental');
  const at = (ms: number) => formatDate(new Date(ms), lang, 'dateTime');
  return (
    <BookingLinks
      bookings={bookings}
      icon={CalendarCheck}
      lines={(b) => (
        <>
          <BookingLine>{fill(t.pastRentals.booking, { number: b.number })}</BookingLine>
          <BookingLine>{fill(t.reservations.dates, { from: at(b.pickupAt), to: at(b.returnAt) })}</BookingLine>
          <BookingLine>
            {b.pickupLocation === b.dropoffLocation
              ? LOCATION_NAMES[b.pickupLocation][lang]
              : fill(t.cars.places, {
                  pickup: LOCATION_NAMES[b.pickupLocation][lang],
                  dropoff: LOCATION_NAMES[b.dropoffLocation][lang],
                })}
          </BookingLine>
          {/* What it costs, paid or still to pay (a cancelled one's figures are on its page). */}
          {b.status !== 'cancelled' && (
            <BookingLine>
              <Fill
                text={b.status === 'unpaid' ? t.reservations.toPay : t.reservations.charged}
                values={{ amount: <Money fils={b.status === 'unpaid' ? b.price : b.charged} /> }}
              />
            </BookingLine>
          )}
          <span className={styles.status}>{t.bookingDetails.statuses[b.status]}</span>
        </>
      )}
    />
  );
}
