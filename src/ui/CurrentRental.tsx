import { DAY_MS } from '../../machines/money';
import type { BookingSummary } from '../client/api';
import { LOCATION_NAMES } from '../data/content';
import { fill, formatDate, plural } from '../i18n/format';
import { useLocale } from '../i18n/locale';
import { ButtonLink } from './Button';
import { useServerData } from './serverData';
import { Link } from './Link';
import { Plate } from './Plate';
import { Facts, Section } from './Section';
import { useSession } from './session';
import { useNow } from './useNow';
import styles from './CurrentRental.module.css';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * The renter's rental that is out, one tap from Home and Reservations: where it stands, the time
 * left (or how late it is), and the next step: extend, return, or the charges to answer; Emergency
 * beside them. Nothing before pickup and once settled. Its own chunk, which those pages fetch for a
 * signed-in renter only (nothing of it in what Home loads first).
 */
export default function CurrentRental() {
  const { api } = useSession();
  // The same answer Reservations lists, loaded again when the journey moves (a check-in, a decision).
  const { data } = useServerData(() => api.bookings(), 'bookings', ['journey']);
  const current = data?.bookings.find((b) => b.phase !== null);
  return current ? <Card booking={current} phase={current.phase!} /> : null;
}

function Card({ booking, phase }: { booking: BookingSummary; phase: NonNullable<BookingSummary['phase']> }) {
  const { t, lang, to } = useLocale('rental');
  const k = t.currentRental;
  // No ticking clock: read again when the car is due back and whenever the page comes into view.
  const now = useNow([booking.returnAt]);
  const { car } = booking;
  /** "2 days, 4 hours": the two largest units, rounded down. */
  const span = (ms: number) => {
    const days = Math.floor(ms / DAY_MS);
    const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
    const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
    const [a, b] =
      days > 0
        ? [plural(t.form.days, days, lang), hours > 0 ? plural(k.hours, hours, lang) : null]
        : hours > 0
          ? [plural(k.hours, hours, lang), minutes > 0 ? plural(k.minutes, minutes, lang) : null]
          : [plural(k.minutes, Math.max(minutes, 1), lang), null];
    return b ? fill(k.join, { a, b }) : a;
  };
  const onRent = phase === 'onRent';
  return (
    <Section title={k.title}>
      <Facts
        rows={[
          { label: k.car, value: car.model },
          { label: k.plate, value: <Plate plate={car.plate} /> },
          {
            label: k.returnBy,
            value: (
              <>
                <time>{formatDate(new Date(booking.returnAt), lang, 'dateTime')}</time>
                <br />
                {LOCATION_NAMES[booking.dropoffLocation][lang]}
              </>
            ),
          },
        ]}
      />
      <p className={onRent && now > booking.returnAt ? styles.late : styles.state}>
        {phase !== 'onRent'
          ? k.phases[phase]
          : now <= booking.returnAt
            ? fill(k.left, { time: span(booking.returnAt - now) })
            : fill(k.overdue, { time: span(now - booking.returnAt) })}
      </p>
      <div className={styles.actions}>
        <ButtonLink to={to('carReturn')}>{onRent ? k.return : k.answer}</ButtonLink>
        {onRent && (
          <ButtonLink to={to('carPickup')} variant="secondary">
            {k.extend}
          </ButtonLink>
        )}
        <ButtonLink to={to('emergencyAssistance')} variant="secondary">
          {k.emergency}
        </ButtonLink>
      </div>
      <Link to={to('bookingDetails', booking.bookingId)}>{fill(k.details, { number: booking.number })}</Link>
    </Section>
  );
}
