import { useId, useState, type ReactNode } from 'react';
import type { Trip } from '../../machines/booking';
import { LOCATION_NAMES } from '../data/content';
import { fill, formatDate, plural } from '../i18n/format';
import { useLocale } from '../i18n/locale';
import type { CarOffer } from './cars';
import { Button } from './Button';
import { CarPicture } from './CarPicture';
import { Fill } from './Fill';
import { Money, PerDay } from './Money';
import { Facts } from './Section';
import styles from './CarCard.module.css';

/**
 * One car offered for a trip: picture, name, company, daily rate and, before choosing, what the whole
 * period costs with VAT and the deposit held. `compact` leaves out the breakdown (lists of many cars).
 */
export function CarCard({
  offer,
  company,
  onRent,
  compact = false,
}: {
  offer: CarOffer;
  /** The company's name; left out until the companies are loaded. */
  company?: string;
  /** Chooses the car; while what it returns is under way, the button shows busy. */
  onRent: () => Promise<unknown>;
  compact?: boolean;
}) {
  const { t, lang } = useLocale();
  const id = useId();
  const [starting, setStarting] = useState(false);
  const rent = () => {
    setStarting(true);
    void onRent().finally(() => setStarting(false));
  };
  const { price, car } = offer;
  const breakdown = compact
    ? []
    : [
        {
          label: <Fill text={t.price.rentalDays} values={{ days: plural(t.form.days, price.days, lang), rate: <Money fils={price.dailyRate} /> }} />,
          value: <Money fils={price.cost} />,
        },
        ...(price.fees > 0 ? [{ label: t.cars.oneWayFee, value: <Money fils={price.fees} /> }] : []),
        { label: t.price.vat, value: <Money fils={price.vat} /> },
      ];
  return (
    <article className={styles.card} aria-labelledby={id}>
      <CarPicture kind={car.picture} photo={car.photo} alt="" className={styles.picture} />
      <div className={styles.body}>
        <div className={styles.head}>
          <div className={styles.names}>
            <h3 id={id} className={styles.model}>
              {car.model}
            </h3>
            <p className={styles.meta}>{t.categories[car.category]}</p>
            {/* The company's line is kept while its name loads (a prerendered card has none yet), and
                holds one line, so nothing below it moves when the name comes. */}
            <p className={`${styles.meta} ${styles.company}`}>{company}</p>
          </div>
          <span className={styles.rate}>
            <PerDay fils={car.dailyRate} />
          </span>
        </div>
        <Facts
          rows={[
            ...breakdown,
            { label: t.cars.total, value: <Money fils={price.total} />, strong: true },
            {
              label: (
                <>
                  {t.price.deposit}
                  <span className={styles.note}>{t.cars.depositNote}</span>
                </>
              ),
              value: <Money fils={car.deposit} />,
            },
          ]}
        />
        <Button onClick={rent} disabled={starting} aria-busy={starting || undefined} aria-label={fill(t.cars.rentCar, { car: car.model })}>
          {t.cars.rent}
        </Button>
      </div>
    </article>
  );
}

/**
 * "Mon, Nov 23, 10:00 AM to Thu, Nov 26, 10:00 AM, Dubai International Airport": the trip prices are
 * for. Without a trip, an empty line of the same height (a prerendered page cannot know today's dates).
 */
export function TripLine({ trip }: { trip: Trip | null }) {
  const { t, lang } = useLocale();
  if (!trip) return <p className={styles.trip} />;
  const at = (ms: number) => formatDate(new Date(ms), lang, 'dateTime');
  const place =
    trip.pickupLocation === trip.dropoffLocation
      ? LOCATION_NAMES[trip.pickupLocation][lang]
      : fill(t.cars.places, { pickup: LOCATION_NAMES[trip.pickupLocation][lang], dropoff: LOCATION_NAMES[trip.dropoffLocation][lang] });
  return <p className={styles.trip}>{fill(t.cars.pricesFor, { from: at(trip.pickupAt), to: at(trip.dropoffAt), place })}</p>;
}

/** A list of car cards, one per item, as the screen's list. */
export function CarList({ children }: { children: ReactNode }) {
  return <ul className={styles.list}>{children}</ul>;
}

/**
 * Until the server says which cars are free (and in a prerendered page, which cannot know): `n` empty
 * cards of a card's size, so the list does not jump when the cars come. No car is shown that may not
 * exist: the cars are the companies' records.
 */
export function CarListLoading({ n }: { n: number }) {
  return (
    <ul className={styles.list} aria-busy="true">
      {Array.from({ length: n }, (_, i) => (
        <li key={i} className={`${styles.card} ${styles.loading}`} />
      ))}
    </ul>
  );
}
