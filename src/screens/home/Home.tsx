import { useNavigate } from 'react-router-dom';
import { BadgeDollarSign, CarFront, Headset } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { carOf, type CarId } from '../../../machines/fleet';
import { stepOf } from '../../../machines/journey';
import { FEATURED_CARS } from '../../data/sample';
import { pathOf } from '../../i18n/paths';
import { useJourney, type RedirectNotice } from '../../ui/journey';
import { ButtonLink } from '../../ui/Button';
import { CarPicture } from '../../ui/CarPicture';
import { PerDay } from '../../ui/Money';
import { SearchBox } from '../../ui/SearchBox';
import { Section, Stack } from '../../ui/Section';
import styles from './Home.module.css';

const POINTS = [
  { key: 'fleet', Icon: CarFront },
  { key: 'prices', Icon: BadgeDollarSign },
  { key: 'support', Icon: Headset },
] as const;

export default function Home() {
  const { t, to, lang } = useLocale();
  const journey = useJourney();
  const navigate = useNavigate();

  /** Start a booking for this car; during a paid rental, go back to it and say why. */
  const rent = (carId: CarId, at: number) => {
    const event = { type: 'booking.start', carId, at } as const;
    if (journey.getSnapshot().can(event)) journey.send(event);
    else
      navigate(pathOf(stepOf(journey.getSnapshot()), lang), {
        state: { notice: 'activeRental' } satisfies RedirectNotice,
      });
  };

  return (
    <Stack>
      <div className={styles.hero}>
        <h2 className={styles.heroTitle}>{t.home.heroTitle}</h2>
        <p>{t.home.heroText}</p>
        <ButtonLink to={to('services')} variant="secondary">
          {t.home.explore}
        </ButtonLink>
      </div>

      <SearchBox label={t.home.searchLabel} placeholder={t.home.searchPlaceholder} />

      <Section title={t.home.featured}>
        <ul className={styles.cars}>
          {FEATURED_CARS.map(carOf).map((car) => (
            <li key={car.id} className={styles.car}>
              <CarPicture kind={car.picture} alt="" className={styles.carPicture} />
              <div className={styles.carText}>
                <h3 className={styles.carTitle}>
                  <button
                    type="button"
                    className={styles.rent}
                    aria-label={fill(t.home.rent, { car: car.model })}
                    onClick={() => rent(car.id, Date.now())}
                  >
                    {car.model}
                  </button>
                </h3>
                <PerDay fils={car.dailyRate} />
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t.home.whyTitle}>
        <p className={styles.whyHeading}>{t.home.whyHeading}</p>
        <ul className={styles.points}>
          {POINTS.map(({ key, Icon }) => (
            <li key={key} className={styles.point}>
              <Icon aria-hidden size={24} className={styles.pointIcon} />
              <div>
                <h3 className={styles.pointTitle}>{t.home.points[key].title}</h3>
                <p>{t.home.points[key].text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </Stack>
  );
}
