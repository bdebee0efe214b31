import { Link } from 'react-router-dom';
import { BadgeDollarSign, CarFront, Headset } from 'lucide-react';
import { useLocale } from '../../i18n/locale';
import { fill } from '../../i18n/format';
import { featuredCars } from '../../data/sample';
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
  const { t, to } = useLocale();
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
          {featuredCars.map((car) => (
            <li key={car.id} className={styles.car}>
              <CarPicture kind={car.picture} alt="" className={styles.carPicture} />
              <div className={styles.carText}>
                <h3 className={styles.carTitle}>
                  <Link to={to('rentalContract')} aria-label={fill(t.home.rent, { car: car.model })}>
                    {car.model}
                  </Link>
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
